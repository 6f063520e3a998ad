#include "cli/app.hpp"

#include <iostream>

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
  setup_book(*cli);
  setup_show(*cli);
  setup_perft(*cli);
  setup_languages(*cli);
  return cli;
}

namespace {
// CLI11 prints --help/--version through its own exceptions; route them to our streams and map
// genuine parse errors to one-line reasons with exit code 2.
int handle_parse_error(Cli& cli, const CLI::ParseError& e) {
  if (e.get_exit_code() == static_cast<int>(CLI::ExitCodes::Success)) {
    cli.app.exit(e, cli.io.out, cli.io.err);
    return kOk;
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
    return handle_parse_error(cli, e);
  }
  return cli.action ? cli.action() : kUsage;
}

int run(Cli& cli, const std::string& command_line) {
  try {
    cli.app.parse(command_line, false);
  } catch (const CLI::ParseError& e) {
    return handle_parse_error(cli, e);
  }
  return cli.action ? cli.action() : kUsage;
}

}  // namespace planilla::cli
