// planilla normalize: archives in, PGN export format out, every rejected game kept byte for byte.
#include <fstream>
#include <sstream>
#include <iostream>

#include "cli/app.hpp"
#include "cli/common.hpp"
#include "cli/shard.hpp"
#include "converters/run/check.hpp"
#include "converters/run/normalize.hpp"

namespace planilla::cli {

namespace {

struct NormalizeCliOptions {
  std::vector<std::string> inputs;
  std::string from = "auto";
  std::string to = "en";
  std::string output;
  std::string rejects;
  std::string fen = "xfen";
  std::string encoding;
  std::vector<std::string> limits;
  bool quiet = false;
  unsigned jobs = 0;
  std::string shard;
  std::vector<std::string> include;
};

int run_normalize(const NormalizeCliOptions& o, Io& io) {
  InputSetup setup;
  setup.expand.include = o.include;
  ShardSpec shard;
  if (!prepare_reading(o.inputs, o.from, o.encoding, o.limits, o.shard, io, setup, shard)) return kUsage;
  auto to = parse_spec(o.to, false);
  if (!to || is_descriptive(to->style) || to->style == SpecStyle::Spoken) {
    io.err << "planilla normalize: --to: " << (to ? "normalize writes PGN movetext: san, lan, long, figurine, uci or iccf"
                                                   : to.error())
           << '\n';
    return kUsage;
  }
  OutputTarget target;
  if (!target.open(o.output, io)) return kUsage;
  // Rejects default beside the output: OUT.rejects.pgn, or rejects.pgn when writing to stdout.
  std::string rejects_path = o.rejects;
  if (rejects_path.empty()) {
    rejects_path = (o.output.empty() || o.output == "-") ? "rejects.pgn" : o.output;
    if (rejects_path != "rejects.pgn") {
      if (rejects_path.size() > 4 && rejects_path.compare(rejects_path.size() - 4, 4, ".pgn") == 0)
        rejects_path.resize(rejects_path.size() - 4);
      rejects_path += ".rejects.pgn";
    }
  }
  std::unique_ptr<std::ofstream> rejects;  // opened on the first rejected game only

  NormalizeOptions no;
  no.write.moves.language = to->language;
  no.write.moves.style = write_style_of(to->style);
  no.write.fen = o.fen == "shredder" ? FenDialect::Shredder : FenDialect::XFen;
  no.from = setup.from;
  no.jobs = o.jobs;

  CheckReportOptions ro;
  ro.color = io.err_is_terminal;
  CheckReporter reporter(io.err, ro);
  NormalizeStats total;
  bool io_error = false;
  for (const InputFile& file : setup.files.files) {
    std::string error;
    auto stream = open_input(file, error);
    if (!stream) {
      io.err << "planilla normalize: " << error << '\n';
      io_error = true;
      continue;
    }
    no.read = setup.read_options;
    no.read.file_name = file.display_name;
    apply_shard(shard, input_size(file), no.read);
    reporter.begin_file(file.display_name);
    std::ostringstream file_rejects;
    no.on_game = [&](const GameRecord& r) { reporter.game(r); };
    NormalizeStats s = normalize(*stream, target.stream(), &file_rejects, no);
    if (!file_rejects.str().empty()) {
      if (!rejects) {
        rejects = std::make_unique<std::ofstream>(rejects_path, std::ios::binary | std::ios::trunc);
        if (!*rejects) {
          io.err << "planilla normalize: cannot write rejects to " << rejects_path << '\n';
          return kUsage;
        }
      }
      *rejects << file_rejects.str();
    }
    if (const std::string failure = input_failure(*stream); !failure.empty()) {
      io.err << "planilla normalize: " << file.display_name << ": " << failure << '\n';
      io_error = true;
    }
    total += s;
  }
  if (!target.finish(io)) io_error = true;
  if (!o.quiet) {
    io.err << "games read " << total.read << ", written " << total.written << ", rejected " << total.rejected;
    if (total.rejected) io.err << " (kept byte for byte in " << rejects_path << ")";
    io.err << skipped_note(setup.files);
    io.err << '\n';
  }
  if (io_error || setup.missing) return kUsage;
  return total.rejected > 0 ? kProblems : kOk;
}

}  // namespace

void setup_normalize(Cli& cli) {
  auto o = std::make_shared<NormalizeCliOptions>();
  CLI::App* sub = cli.app.add_subcommand("normalize", "Rewrite archives in PGN export format; rejected games are kept byte for byte");
  sub->add_option("inputs", o->inputs, "PGN files, directories, - for stdin (default)");
  add_from_option(sub, o->from);
  sub->add_option("--to", o->to, "Movetext notation: en (default), another LANG, LANG:lan, figurine, uci, iccf")
      ->default_str("en");
  sub->add_option("-o,--output", o->output, "Normalized games here instead of stdout (compressed when the name ends in .zst, .gz or .xz)");
  sub->add_option("--rejects", o->rejects,
                  "Rejected games here (default OUT.rejects.pgn, or rejects.pgn when writing to stdout)");
  sub->add_option("--fen", o->fen, "FEN dialect of set-up and Chess960 games")
      ->check(CLI::IsMember({"xfen", "shredder"}))
      ->default_str("xfen");
  add_encoding_option(sub, o->encoding);
  add_jobs_option(sub, o->jobs);
  add_limit_option(sub, o->limits);
  add_shard_option(sub, o->shard);
  add_include_option(sub, o->include);
  sub->add_flag("-q,--quiet", o->quiet, "No counts on stderr");
  sub->footer(
      "Every game read ends up either in the output or in the rejects file: read = written + rejected.\n"
      "A game with any error is rejected whole, after ; lines naming its diagnostics.\n"
      "Exit status: 0 nothing rejected, 1 some game rejected, 2 usage or I/O error.\n"
      "Examples:\n"
      "  planilla normalize archive.pgn -o clean.pgn              # rejects in clean.rejects.pgn\n"
      "  planilla normalize old/ -o all.pgn --rejects broken.pgn --fen shredder");
  sub->callback([&cli, o] { cli.action = [&cli, o] { return run_normalize(*o, cli.io); }; });
}

}  // namespace planilla::cli
