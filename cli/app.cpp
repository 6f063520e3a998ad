#include "cli/app.hpp"

#include <algorithm>
#include <cctype>
#include <iostream>
#include <string_view>
#include <vector>

namespace planilla::cli {

Cli::Cli(Io io_in) : app("planilla: read, check and write chess moves in any notation and language"), io(io_in) {
  app.set_version_flag("--version", std::string("planilla ") + PLANILLA_VERSION);
  app.require_subcommand(1);
  app.fallthrough(false);
  app.footer(
      "Examples:\n"
      "  planilla convert scoresheet.txt --from es --to en    translate a Spanish scoresheet\n"
      "  planilla check games/ --format html -o report.html   every faulty move, with boards\n"
      "  planilla normalize archive.pgn -o clean.pgn          PGN export format, rejects kept\n"
      "Run 'planilla SUBCOMMAND --help' for each subcommand's options.");
}

std::unique_ptr<Cli> make_app(Io io) {
  auto cli = std::make_unique<Cli>(io);
  setup_check(*cli);
  setup_convert(*cli);
  setup_normalize(*cli);
  setup_index(*cli);
  setup_book(*cli);
  setup_show(*cli);
  setup_perft(*cli);
  setup_languages(*cli);
  return cli;
}

namespace {

// Edit distance, letters compared without case: how far a mistyped subcommand is from a real one.
std::size_t distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const bool same =
          std::tolower(static_cast<unsigned char>(a[i - 1])) == std::tolower(static_cast<unsigned char>(b[j - 1]));
      const std::size_t next = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (same ? 0 : 1)});
      diagonal = row[j];
      row[j] = next;
    }
  }
  return row[b.size()];
}

// `planilla chek`: the first word is not a subcommand. Names the nearest one (within two edits,
// or one that starts with the word), else lists them all. Empty when the word is a subcommand.
std::string unknown_subcommand_message(const CLI::App& app, const std::string& word) {
  std::string nearest, all;
  std::size_t best = 3;
  for (const CLI::App* sub : app.get_subcommands({})) {
    const std::string& name = sub->get_name();
    if (name == word) return "";
    all += (all.empty() ? "" : ", ") + name;
    std::size_t d = distance(word, name);
    if (word.size() >= 2 && name.size() > word.size() && distance(word, name.substr(0, word.size())) == 0) d = 1;
    if (d < best) {
      best = d;
      nearest = name;
    }
  }
  std::string message = "unknown subcommand '" + word + "'";
  if (!nearest.empty()) return message + "; did you mean '" + nearest + "'?";
  return message + "; the subcommands are " + all;
}

// The first argument that is not an option: where the subcommand's name belongs.
std::string first_word(const std::vector<std::string>& args) {
  for (const std::string& a : args)
    if (!a.empty() && a[0] != '-') return a;
  return "";
}

// CLI11 prints --help/--version through its own exceptions; route them to our streams and map
// genuine parse errors to one-line reasons with exit code 2.
int handle_parse_error(Cli& cli, const CLI::ParseError& e, const std::vector<std::string>& args) {
  if (e.get_exit_code() == static_cast<int>(CLI::ExitCodes::Success)) {
    cli.app.exit(e, cli.io.out, cli.io.err);
    return kOk;
  }
  if (args.empty()) {  // `planilla` alone: what it does and how, not only that a word is missing
    cli.io.err << cli.app.help();
    return kUsage;
  }
  if (cli.app.get_subcommands().empty()) {
    if (std::string word = first_word(args); !word.empty()) {
      if (std::string message = unknown_subcommand_message(cli.app, word); !message.empty()) {
        cli.io.err << "planilla: " << message << "\n";
        cli.io.err << "Run 'planilla --help' for the subcommands.\n";
        return kUsage;
      }
    }
  }
  cli.io.err << "planilla: " << e.what() << "\n";
  cli.io.err << "Run with --help for more information.\n";
  return kUsage;
}
}  // namespace

int run(Cli& cli, int argc, const char* const* argv) {
  try {
    cli.app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return handle_parse_error(cli, e, std::vector<std::string>(argv + std::min(argc, 1), argv + argc));
  }
  return cli.action ? cli.action() : kUsage;
}

int run(Cli& cli, const std::string& command_line) {
  try {
    cli.app.parse(command_line, false);
  } catch (const CLI::ParseError& e) {
    return handle_parse_error(cli, e, CLI::detail::split_up(command_line));
  }
  return cli.action ? cli.action() : kUsage;
}

}  // namespace planilla::cli
