// The CLI11 application: one file per subcommand, each with setup_X(Cli&) that declares its
// options and, when chosen, stores the action to run. main() only builds, parses and runs, so
// tests can do the same in-process with any streams.
#pragma once

#include <CLI/CLI.hpp>
#include <functional>
#include <iosfwd>
#include <memory>
#include <string>

namespace planilla::cli {

// Our exit codes, distinct from CLI11's 100–127 parse errors (which we map to kUsage).
inline constexpr int kOk = 0;        // everything resolved / nothing wrong
inline constexpr int kProblems = 1;  // some move or game did not resolve (diagnostics written)
inline constexpr int kUsage = 2;     // usage, bad argument or I/O error

struct Io {
  std::istream& in;
  std::ostream& out;
  std::ostream& err;
  bool err_is_terminal = false;
  bool out_is_terminal = false;
  bool in_is_terminal = false;  // stdin is a terminal: say how to end input when reading it
};

struct Cli {
  explicit Cli(Io io);
  CLI::App app;
  Io io;
  std::function<int()> action;  // set by the chosen subcommand's parse callback
};

// Builds the whole application (every subcommand registered).
std::unique_ptr<Cli> make_app(Io io);
// Parses argv (or one command line, for tests) and runs; returns the process exit code.
int run(Cli& cli, int argc, const char* const* argv);
int run(Cli& cli, const std::string& command_line);

// Subcommand registration, one per file in cli/.
void setup_perft(Cli& cli);
void setup_languages(Cli& cli);
void setup_show(Cli& cli);
void setup_check(Cli& cli);
void setup_convert(Cli& cli);
void setup_normalize(Cli& cli);
void setup_book(Cli& cli);
void setup_index(Cli& cli);

}  // namespace planilla::cli
