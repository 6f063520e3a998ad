// Command-line inputs made concrete: files, directories (recursive, *.pgn *.txt *.md, sorted
// for a stable order), and "-" for standard input.
#pragma once

#include <istream>
#include <memory>
#include <string>
#include <vector>

#include "notation/diagnostic.hpp"

namespace planilla {

struct InputFile {
  std::string path;          // "-" = standard input
  std::string display_name;  // as shown in diagnostics ("" for stdin… shown as "<stdin>")
};

struct ExpandedInputs {
  std::vector<InputFile> files;
  std::vector<std::string> errors;  // "no such file or directory: x.pgn"
};

// No paths means standard input. Directories are walked recursively; within a directory the
// files are taken in byte order of their paths so every run sees the same order.
ExpandedInputs expand_inputs(const std::vector<std::string>& paths);

// Opens an input for streaming (memory stays bounded by the largest game, not the file);
// nullptr with `error` set when it cannot be opened. "-" gives standard input.
std::unique_ptr<std::istream> open_input(const InputFile& input, std::string& error);

}  // namespace planilla
