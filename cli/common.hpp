// Option wiring shared by the subcommands that read games (check, convert, normalize, show).
#pragma once

#include <fstream>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "cli/app.hpp"
#include "converters/input/compressed.hpp"
#include "converters/input/inputs.hpp"
#include "converters/pgn/reader.hpp"
#include "notation/spec.hpp"

namespace planilla::cli {

void add_from_option(CLI::App* sub, std::string& from);
void add_encoding_option(CLI::App* sub, std::string& encoding);
void add_jobs_option(CLI::App* sub, unsigned& jobs);
// --include GLOB (repeatable): other files to take from directories besides PGN.
void add_include_option(CLI::App* sub, std::vector<std::string>& include);
// "; 3 files skipped (not PGN; --include GLOB reads them)" or "".
std::string skipped_note(const ExpandedInputs& files);
// --limit NAME=VALUE (repeatable): the reader's limits (README "Limits").
void add_limit_option(CLI::App* sub, std::vector<std::string>& limits);
// Sets each NAME=VALUE of --limit in `options`; on an unknown name or a bad value prints a
// one-line reason to io.err and returns false (exit code 2).
bool apply_limits(const std::vector<std::string>& limits, ReadOptions& options, Io& io);

struct InputSetup {
  ExpandOptions expand;  // set before prepare_inputs: --include globs
  ExpandedInputs files;
  // Some input named on the command line does not exist: the others are read, and the exit
  // status is 2 at the end.
  bool missing = false;
  NotationSpec from;
  ReadOptions read_options;
};

// Expands the inputs and turns --from / --encoding into ReadOptions; on a bad value prints a
// one-line reason to io.err and returns false (exit code 2).
bool prepare_inputs(const std::vector<std::string>& inputs, const std::string& from, const std::string& encoding,
                    Io& io, InputSetup& setup);

// Size of an input in bytes (0 for stdin or when unknown), and of all inputs: for progress.
std::uint64_t input_size(const InputFile& file);
std::uint64_t total_input_bytes(const ExpandedInputs& inputs);

// stdout, or a file opened for writing with a clear error. A file whose name ends in .zst, .gz
// or .xz is written compressed (zstd level 3, gzip 6, xz 6: the tools' defaults): the
// compressing stream writes into the file stream opened here.
class OutputTarget {
 public:
  bool open(const std::string& path, Io& io);
  std::ostream& stream() { return compressed_ ? static_cast<std::ostream&>(*compressed_) : file_ ? *file_ : *out_; }
  // Ends the compressed data (if any) and flushes; false (with a message) when writing failed.
  bool finish(Io& io);

 private:
  std::string path_;
  std::unique_ptr<std::ofstream> file_;
  std::unique_ptr<CompressingStream> compressed_;  // destroyed before file_
  std::ostream* out_ = nullptr;
};

}  // namespace planilla::cli
