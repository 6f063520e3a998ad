// Option wiring shared by the subcommands that read games (check, convert, normalize, show).
#pragma once

#include <fstream>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "cli/app.hpp"
#include "converters/input/inputs.hpp"
#include "converters/pgn/reader.hpp"
#include "converters/run/check.hpp"
#include "notation/spec.hpp"

namespace planilla::cli {

void add_from_option(CLI::App* sub, std::string& from);
void add_encoding_option(CLI::App* sub, std::string& encoding);
void add_jobs_option(CLI::App* sub, unsigned& jobs);
// --limit NAME=VALUE (repeatable): the reader's limits (README "Limits").
void add_limit_option(CLI::App* sub, std::vector<std::string>& limits);
// Sets each NAME=VALUE of --limit in `options`; on an unknown name or a bad value prints a
// one-line reason to io.err and returns false (exit code 2).
bool apply_limits(const std::vector<std::string>& limits, ReadOptions& options, Io& io);

// --warnings all|none|CODE,… and --errors-only: which diagnostics are printed (all are counted).
// `default_warnings` is "all" for check and convert, "none" for normalize (it fixes them itself).
void add_filter_options(CLI::App* sub, std::string& warnings, bool& errors_only, const char* default_warnings);
// The filter of those options; on a bad value prints a one-line reason to io.err and returns
// false (exit code 2).
bool parse_filter(const std::string& warnings, bool errors_only, std::string_view command, Io& io,
                  DiagnosticFilter& filter);

struct InputSetup {
  ExpandedInputs files;
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

// stdout, or a file opened for writing with a clear error.
class OutputTarget {
 public:
  bool open(const std::string& path, Io& io);
  std::ostream& stream() { return file_ ? *file_ : *out_; }

 private:
  std::unique_ptr<std::ofstream> file_;
  std::ostream* out_ = nullptr;
};

}  // namespace planilla::cli
