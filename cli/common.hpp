// Option wiring shared by the subcommands that read games (check, convert, normalize, show).
#pragma once

#include <fstream>
#include <istream>
#include <memory>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "cli/app.hpp"
#include "converters/input/compressed.hpp"
#include "converters/input/inputs.hpp"
#include "converters/pgn/reader.hpp"
#include "converters/run/check.hpp"
#include "converters/run/output_files.hpp"
#include "notation/spec.hpp"

namespace planilla::cli {

// A transform for a value that may be a keyword (`startpos`): the keyword in any case becomes the
// keyword; anything else passes unchanged. Fixed sets of values use CLI::IsMember with
// CLI::ignore_case (under ->transform, which maps them to the canonical value).
CLI::Validator keyword_ignore_case(std::string keyword);

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

// --color auto|always|never: colour in the diagnostics a command prints. use_color(): auto is
// colour on a terminal (`terminal`) unless NO_COLOR is set and not empty (no-color.org).
void add_color_option(CLI::App* sub, std::string& color, const char* what);
bool use_color(const std::string& color, bool terminal);

// --warnings all|none|CODE,… and --errors-only: which diagnostics are printed (all are counted).
// `default_warnings` is "all" for check and convert, "none" for normalize (it fixes them itself).
void add_filter_options(CLI::App* sub, std::string& warnings, bool& errors_only, const char* default_warnings);
// The filter of those options; on a bad value prints a one-line reason to io.err and returns
// false (exit code 2).
bool parse_filter(const std::string& warnings, bool errors_only, std::string_view command, Io& io,
                  DiagnosticFilter& filter);

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

// Where a run writes: stdout, or files published whole when the run succeeds (an OutputSet:
// temporaries renamed at the end, removed on failure or interruption). I/O errors are reported
// as one line naming the file and the system's reason; they make the exit code 2.
class OutputTarget {
 public:
  // "" or "-": io.out. A path that is one of `inputs` is refused (one line, false).
  bool open(const std::string& path, Io& io, const std::vector<std::string>& inputs = {},
            std::string_view option = "-o");
  std::ostream& stream() { return *stream_; }
  // A further file of the same run (normalize's --rejects), published together with the first.
  std::ostream* open_more(const std::string& path, Io& io);
  // Inputs read through this reach their end early once the run failed; read errors fail it.
  std::unique_ptr<std::istream> guard(std::unique_ptr<std::istream> in, const std::string& name) {
    return files_.guard(std::move(in), name);
  }
  bool failed() const { return files_.failed(); }
  // The run fails with this one-line reason ("cannot read x: …"), reported once by flush().
  void fail(const std::string& line) { files_.fail(line); }
  // Flushes everything; on an I/O error prints its line and returns false.
  bool flush(Io& io);
  // For the counts line after a failure: "; stopped by the error above, clean.pgn left as it
  // was", or (when only an input could not be opened) "; clean.pgn left as it was because …".
  std::string stopped_note(bool input_failed = false) const;
  // Publishes the files when `code` is below kUsage and nothing failed, else removes the
  // temporaries; returns the exit code (kUsage when something failed).
  int finish(int code, Io& io);

 private:
  OutputSet files_;
  std::ostream* stream_ = nullptr;
  bool reported_ = false;
};

// The paths of the inputs, for OutputTarget::open's refusal of an output onto an input.
std::vector<std::string> input_paths(const ExpandedInputs& inputs);
// False, with a one-line reason, when `path` is one of `inputs` (same device and inode).
bool refuse_output_onto_input(const std::string& path, const std::vector<std::string>& inputs, std::string_view option,
                              Io& io);

}  // namespace planilla::cli
