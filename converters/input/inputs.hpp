// Command-line inputs made concrete: files, directories (recursive, sorted for a stable order)
// and "-" for standard input; and opening one for reading, compressed or not.
//
// A directory gives its PGN files: *.pgn and compressed PGN (*.pgn.zst, *.pgn.gz, *.pgn.xz,
// *.pgn.bz2). Other files are read when named on the command line or matched by an --include
// glob; the files a directory holds but that are not read are counted (ExpandedInputs::skipped).
#pragma once

#include <cstdint>
#include <istream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "converters/input/compressed.hpp"
#include "converters/input/split.hpp"
#include "notation/diagnostic.hpp"

namespace planilla {

struct InputFile {
  std::string path;          // "-" = standard input
  std::string display_name;  // as shown in diagnostics ("" for stdin… shown as "<stdin>")
};

struct ExpandOptions {
  // Globs (fnmatch: * ? [...]) of the other files to take from directories, matched against the
  // file name (`*.txt`) or, when the glob has a '/', the path below the directory (`club/*.txt`).
  std::vector<std::string> include;
};

struct ExpandedInputs {
  std::vector<InputFile> files;
  std::vector<std::string> errors;   // "no such file or directory: x.pgn"
  std::vector<std::string> notices;  // "empty/: no PGN files in this directory"
  std::uint64_t skipped = 0;         // files in the directories that are not read
};

// No paths means standard input. Directories are walked recursively; within a directory the
// files are taken in byte order of their paths so every run sees the same order.
ExpandedInputs expand_inputs(const std::vector<std::string>& paths, const ExpandOptions& options = {});

// Whether a directory gives this file by default (*.pgn or compressed PGN, case-insensitive).
bool is_pgn_name(const std::string& file_name);

// Opens an input for streaming (memory stays bounded by the largest game, not the file);
// nullptr with `error` set when it cannot be opened or is not text ("x.jpg: binary file, not
// read"). "-" gives standard input. A compressed input (told by its first bytes) is decompressed
// as it is read; input_failure() (compressed.hpp) tells afterwards whether it ended early.
std::unique_ptr<std::istream> open_input(const InputFile& input, std::string& error);

// A plain file mapped read-only, and read by pread a window at a time (read_at(): a copy from the
// page cache costs less than reading the mapping page by page, bench/RESULTS.md).
class MappedFile {
 public:
  // nullopt with `error` set when the path cannot be opened, is not a regular file, or is empty.
  static std::optional<MappedFile> open(const std::string& path, std::string& error);
  MappedFile(MappedFile&& other) noexcept;
  MappedFile& operator=(MappedFile&&) = delete;
  MappedFile(const MappedFile&) = delete;
  ~MappedFile();
  std::string_view bytes() const { return bytes_; }
  std::int64_t mtime_ns() const { return mtime_ns_; }
  SplitReadAt read_at() const;

 private:
  MappedFile(int fd, std::string_view bytes, std::int64_t mtime_ns) : fd_(fd), bytes_(bytes), mtime_ns_(mtime_ns) {}
  int fd_ = -1;
  std::string_view bytes_;
  std::int64_t mtime_ns_ = 0;
};

// find_split_start() (split.hpp) on a file: the walk reads it with pread a window at a time, and
// the file is also mapped for the stretches the splitter cuts (games of another shape); the
// beginning when the file cannot be mapped. With a split index beside the file
// (split_index.hpp) that still describes it, the walk starts at the index's last point before
// `at`; `note`, when given, says why an index that is there was not used ("" otherwise).
SplitStart file_split_start(const InputFile& input, std::uint64_t at, std::optional<Encoding> forced,
                            std::string* note = nullptr);

// The compression of a file by its first bytes (None for stdin, or when it cannot be read).
Compression file_compression(const InputFile& input);

}  // namespace planilla
