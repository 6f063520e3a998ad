// planilla index: a split index beside each file (converters/input/split_index.hpp), so that
// `--shard I/N` starts walking near its range instead of at the file's beginning.
#include <ostream>

#include "cli/app.hpp"
#include "cli/common.hpp"
#include "converters/input/split_index.hpp"

namespace planilla::cli {

namespace {

struct IndexOptions {
  std::vector<std::string> inputs;
  std::uint64_t every = 0;  // bytes; 0: default_index_spacing()
  bool quiet = false;
};

int run_index(const IndexOptions& o, Io& io) {
  int code = kOk;
  for (const std::string& path : o.inputs) {
    const InputFile input{path, path};
    std::string error;
    const std::uint64_t every = o.every > 0 ? o.every : default_index_spacing(input_size(input));
    const std::optional<SplitIndex> index = build_split_index(input, every, error);
    if (!index) {
      io.err << "planilla index: " << error << '\n';
      code = kUsage;
      continue;
    }
    // Written whole or not at all (a temporary renamed when complete), never onto the input.
    const std::string out = split_index_path(path);
    OutputTarget target;
    if (!target.open(out, io, {path})) {
      code = kUsage;
      continue;
    }
    target.stream() << format_split_index(*index);
    if (target.finish(kOk, io) != kOk) {
      code = kUsage;
      continue;
    }
    if (!o.quiet)
      io.err << out << ": " << index->points.size() << " starts, one every " << index->every << " bytes of " << path
             << " (" << index->size << " bytes)\n";
  }
  return code;
}

}  // namespace

void setup_index(Cli& cli) {
  auto o = std::make_shared<IndexOptions>();
  CLI::App* sub = cli.app.add_subcommand(
      "index", "Write FILE.planilla-index beside each file, so that --shard I/N walks only from near its range");
  sub->add_option("files", o->inputs, "Plain PGN files (not compressed, not stdin)")
      ->required()
      ->check(CLI::ExistingFile);
  sub->add_option("--every", o->every,
                  "Bytes between two starts kept, with K, M or G for KiB, MiB, GiB (default 1M; above 4 GiB, "
                  "the size / 4096)")
      ->transform(CLI::AsSizeValue(false))
      ->check(CLI::Range(std::uint64_t{1}, UINT64_MAX));
  sub->add_flag("-q,--quiet", o->quiet, "No line per file on stderr");
  sub->footer(
      "Without an index, shard I of N walks every byte before its range to learn the game numbers, lines\n"
      "and encoding there (about 3 GB/s). With one, it walks from the index's last start before its range.\n"
      "The output is the same either way. An index that no longer matches its file (another size, time or\n"
      "content) is not used: the shard says so and walks from the beginning.\n"
      "Exit status: 0 every index written, 2 otherwise.\n"
      "Example:\n"
      "  planilla index big.pgn && planilla check big.pgn --shard 7/64 --format json -o check.7.jsonl");
  sub->callback([&cli, o] { cli.action = [&cli, o] { return run_index(*o, cli.io); }; });
}

}  // namespace planilla::cli
