// A split index: the starts find_split_start() gives at regular offsets of a file, kept beside it
// (`planilla index games.pgn` writes games.pgn.planilla-index), so that `--shard I/N` walks from
// the nearest start before its range instead of from the file's beginning. Without an index a
// shard walks everything before its range (about 3 GB/s): on a large archive cut into many shards
// the last ones walk more than they read. With one, a shard reads its range plus at most the
// index's spacing.
//
// An index is used only while it still describes the file: the same size and modification time,
// and the same bytes around the start it is used at. Otherwise the shard walks from the
// beginning, as without an index, and says why (the output is the same either way).
//
// The file is text, one start per line after a header:
//   planilla-index 1
//   size 77914626
//   mtime-ns 1764283000123456789
//   every 1048576
//   <offset> <line> <games before> <encoding or -> <fingerprint, 16 hex digits>
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "converters/input/inputs.hpp"
#include "converters/input/split.hpp"

namespace planilla {

struct SplitIndex {
  struct Point {
    SplitStart start;
    std::uint64_t fingerprint = 0;  // split_fingerprint() of the file at start.offset
  };
  std::uint64_t size = 0;     // of the file indexed
  std::int64_t mtime_ns = 0;  // its modification time, nanoseconds since the epoch
  std::uint64_t every = 0;    // the spacing asked for: one start at or before each multiple of it
  std::vector<Point> points;  // increasing offsets, all > 0
};

// Where the index of `input_path` is kept: the path with ".planilla-index" added.
std::string split_index_path(const std::string& input_path);

// A hash of the 64 bytes around `offset` (32 before, 32 from it, fewer at the file's ends): an
// index is not used at a start whose bytes changed.
std::uint64_t split_fingerprint(std::string_view bytes, std::uint64_t offset);

// The spacing `planilla index` uses by default: 1 MiB, or more for a file above 4 GiB, so that an
// index holds at most about 4,096 starts.
std::uint64_t default_index_spacing(std::uint64_t size);

// Walks a plain file once and keeps the start at or before each multiple of `every`. nullopt with
// `error` set when the file cannot be read, is standard input, or is compressed (a compressed
// file cannot be sharded).
std::optional<SplitIndex> build_split_index(const InputFile& input, std::uint64_t every, std::string& error);

std::string format_split_index(const SplitIndex& index);
// nullopt with `error` ("line 4: …") when `text` is not an index of this version.
std::optional<SplitIndex> parse_split_index(std::string_view text, std::string& error);

// The index's point to walk from for a shard that starts at `at`: the last one at or before it,
// when the index still describes the file (`bytes`, of modification time `mtime_ns`); nullopt
// with `why` set when it does not ("the file changed since the index was written"), nullopt with
// `why` empty when no point lies before `at`.
std::optional<SplitStart> split_index_point(const SplitIndex& index, std::string_view bytes, std::int64_t mtime_ns,
                                            std::uint64_t at, std::string& why);

}  // namespace planilla
