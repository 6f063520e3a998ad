// planilla normalize: archives in, PGN export format out, every rejected game kept byte for byte.
#include <filesystem>
#include <functional>
#include <iostream>

#include "cli/app.hpp"
#include "cli/common.hpp"
#include "cli/shard.hpp"
#include "converters/run/check.hpp"
#include "converters/run/normalize.hpp"

namespace planilla::cli {

namespace {

// The rejects file, opened at the first byte written to it (a run without a rejected game makes
// none), the bytes going straight on: each input's rejects were gathered in memory first, so a
// rejected 100 MB game cost twice its size more, and an archive of many rejects all of them.
class RejectsBuf : public std::streambuf {
 public:
  explicit RejectsBuf(std::function<std::ostream*()> open) : open_(std::move(open)) {}
  bool failed() const { return failed_; }

 protected:
  int_type overflow(int_type c) override {
    if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
    const char ch = traits_type::to_char_type(c);
    return xsputn(&ch, 1) == 1 ? c : traits_type::eof();
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    if (!file_ && !failed_) failed_ = (file_ = open_()) == nullptr;
    if (!file_) return 0;
    return file_->write(s, n) ? n : 0;
  }

 private:
  std::function<std::ostream*()> open_;
  std::ostream* file_ = nullptr;
  bool failed_ = false;
};

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
  std::string warnings = "none";
  std::string color = "auto";
  bool errors_only = false;
  unsigned jobs = 0;
  std::string shard;
  std::vector<std::string> include;
};

// Whether --rejects and -o name one file (an existing one, or the same new path).
bool same_output(const std::string& a, const std::string& b) {
  std::error_code ea, eb;
  return same_file(a, b) || std::filesystem::weakly_canonical(a, ea) == std::filesystem::weakly_canonical(b, eb);
}
// normalize writes PGN only: the styles whose games are PGN with each move by write_move().
constexpr StyleLayout kPgnLayout[] = {StyleLayout::Pgn};

int run_normalize(const NormalizeCliOptions& o, Io& io) {
  InputSetup setup;
  setup.expand.include = o.include;
  ShardSpec shard;
  if (!prepare_reading(o.inputs, o.from, o.encoding, o.limits, o.shard, io, setup, shard)) return kUsage;
  auto to = parse_spec(o.to, false);
  if (!to || style_layout(to->style) != StyleLayout::Pgn) {
    io.err << "planilla normalize: --to: "
           << (to ? "normalize writes PGN movetext: " + style_names(kPgnLayout) : to.error()) << '\n';
    return kUsage;
  }
  OutputTarget target;
  const std::vector<std::string> inputs = input_paths(setup.files);
  if (!target.open(o.output, io, inputs)) return kUsage;
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
  if (!refuse_output_onto_input(rejects_path, inputs, "--rejects", io)) return kUsage;
  if (!o.output.empty() && o.output != "-" && written_through_temporary(rejects_path) &&
      same_output(rejects_path, o.output)) {
    io.err << "planilla: --rejects " << rejects_path << " is also the output (-o); give them different files\n";
    return kUsage;
  }
  // Opened on the first rejected game only, published with -o.
  RejectsBuf rejects_buf([&]() { return target.open_more(rejects_path, io); });
  std::ostream rejects(&rejects_buf);

  NormalizeOptions no;
  no.write.moves.language = to->language;
  no.write.moves.style = to->style;
  no.write.fen = o.fen == "shredder" ? FenDialect::Shredder : FenDialect::XFen;
  no.from = setup.from;
  no.jobs = o.jobs;

  CheckReportOptions ro;
  ro.color = use_color(o.color, io.err_is_terminal);
  if (!parse_filter(o.warnings, o.errors_only, "normalize", io, ro.filter)) return kUsage;
  CheckReporter reporter(io.err, ro);
  RunStats total;
  bool rejects_failed = false;
  const bool all_opened = for_each_input("normalize", setup, shard, io, &target, [&](const OpenInput& input) {
    no.read = input.read;
    reporter.begin_file(input.file.display_name);
    no.on_game = [&](const GameRecord& r) { reporter.game(r); };
    total += normalize(input.in, target.stream(), &rejects, no);
    if (rejects_buf.failed()) {
      rejects_failed = true;
      return false;
    }
    return true;
  });
  if (rejects_failed) return target.finish(kUsage, io);
  target.flush(io);
  if (!o.quiet) {
    io.err << "games read " << total.games << ", written " << total.written << ", rejected " << total.rejected;
    if (total.rejected) io.err << " (kept byte for byte in " << rejects_path << ")";
    io.err << skipped_note(setup.files) << target.stopped_note(!all_opened) << '\n';
    // The warnings normalize does not list (it writes every move in canonical form), as a count
    // by code; --warnings all lists each one.
    std::string counted;
    for (const auto& [code, n] : reporter.summary().by_code)
      if (code.rfind("W-", 0) == 0) counted += (counted.empty() ? "" : ", ") + code + " " + std::to_string(n);
    if (!counted.empty() && ro.filter.warnings != DiagnosticFilter::Warnings::All)
      io.err << "warnings, not listed (--warnings all lists them): " << counted << '\n';
  }
  return target.finish(!all_opened ? kUsage : total.rejected > 0 ? kProblems : kOk, io);
}

}  // namespace

void setup_normalize(Cli& cli) {
  auto o = std::make_shared<NormalizeCliOptions>();
  CLI::App* sub =
      cli.app.add_subcommand("normalize",
                             "Rewrite archives in PGN export format; rejected games are kept byte for byte");
  sub->add_option("inputs", o->inputs, "PGN files, directories, - for stdin (default)");
  add_from_option(sub, o->from);
  sub->add_option("--to", o->to,
                  "Movetext notation: LANG[:STYLE] or a style alone (en, de:lan, uci …); styles: " +
                      style_names(kPgnLayout))
      ->default_str("en");
  sub->add_option("-o,--output", o->output,
                  "Normalized games here instead of stdout (compressed when the name ends in .zst, .gz or .xz)");
  sub->add_option("--rejects", o->rejects,
                  "Rejected games here (default OUT.rejects.pgn, or rejects.pgn when writing to stdout)");
  sub->add_option("--fen", o->fen, "FEN dialect of set-up and Chess960 games")
      ->transform(CLI::IsMember({"xfen", "shredder"}, CLI::ignore_case))
      ->default_str("xfen");
  add_encoding_option(sub, o->encoding);
  add_jobs_option(sub, o->jobs);
  add_limit_option(sub, o->limits);
  add_shard_option(sub, o->shard);
  add_filter_options(sub, o->warnings, o->errors_only, "none");
  add_include_option(sub, o->include);
  add_color_option(sub, o->color,
                   "Colour the diagnostics on stderr: auto (on a terminal, unless NO_COLOR is set), always, never");
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
