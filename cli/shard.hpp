// `--shard I/N` for check, convert and normalize: the I-th (1-based) of N byte ranges of each
// input, cut at game boundaries (a game belongs to the shard where it starts), so that N
// processes on one or many machines split an archive and their outputs concatenate to one run's.
#pragma once

#include <cstdint>
#include <functional>
#include <istream>
#include <string>
#include <string_view>
#include <vector>

#include "cli/app.hpp"
#include "cli/common.hpp"
#include "converters/pgn/reader.hpp"

namespace planilla::cli {

struct ShardSpec {
  unsigned index = 0;  // 0-based
  unsigned count = 1;  // 1: no sharding
};

void add_shard_option(CLI::App* sub, std::string& shard);

// Parses "I/N" (1 <= I <= N); on a bad value prints a one-line reason and returns false.
bool parse_shard(const std::string& text, ShardSpec& out, Io& io);

// The set-up every reading subcommand (check, convert, normalize) does first: inputs, --from,
// --encoding, --limit and --shard, with one-line reasons on io.err; false means exit code 2.
bool prepare_reading(const std::vector<std::string>& inputs, const std::string& from, const std::string& encoding,
                     const std::vector<std::string>& limits, const std::string& shard_text, Io& io, InputSetup& setup,
                     ShardSpec& shard);

// Sets options.range_begin/range_end for an input of `size` bytes.
void apply_shard(const ShardSpec& shard, std::uint64_t size, ReadOptions& options);

// One input of the loop below, opened, with the reading options for it.
struct OpenInput {
  const InputFile& file;
  std::istream& in;
  const ReadOptions& read;     // the set-up's options with this file's name and shard
  std::uint64_t bytes_before;  // bytes of the inputs read before this one (for progress)
};

// The loop over inputs every reading subcommand runs: `starting` (optional) sees every input
// before it is opened, `read` each one that opens, in order; an input that does not open is
// reported as "planilla COMMAND: reason" and skipped. `read` returns false to stop the loop.
// With a `target`, inputs are read through it (a read error fails the run) and the loop stops
// once the target has failed (a full disk: nothing more is worth reading).
// Returns false when an input did not open, was missing, or its compressed data ended early
// (exit code 2 once the others are done).
bool for_each_input(std::string_view command, const InputSetup& setup, const ShardSpec& shard, Io& io,
                    OutputTarget* target, const std::function<bool(const OpenInput&)>& read,
                    const std::function<void(const InputFile&)>& starting = {});

}  // namespace planilla::cli
