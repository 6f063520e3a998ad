#include "converters/input/inputs.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>

namespace planilla {

namespace fs = std::filesystem;

namespace {
bool wanted_extension(const fs::path& p) {
  std::string ext = p.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return ext == ".pgn" || ext == ".txt" || ext == ".md";
}
}  // namespace

ExpandedInputs expand_inputs(const std::vector<std::string>& paths) {
  ExpandedInputs result;
  if (paths.empty()) {
    result.files.push_back({"-", "<stdin>"});
    return result;
  }
  for (const std::string& p : paths) {
    if (p == "-") {
      result.files.push_back({"-", "<stdin>"});
      continue;
    }
    std::error_code ec;
    fs::file_status st = fs::status(p, ec);
    if (ec || !fs::exists(st)) {
      result.errors.push_back("no such file or directory: " + p);
    } else if (fs::is_directory(st)) {
      std::vector<std::string> found;
      for (auto it = fs::recursive_directory_iterator(p, fs::directory_options::skip_permission_denied, ec);
           !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (it->is_regular_file(ec) && wanted_extension(it->path())) found.push_back(it->path().string());
      }
      if (ec) result.errors.push_back("cannot read directory " + p + ": " + ec.message());
      std::sort(found.begin(), found.end());
      for (auto& f : found) result.files.push_back({f, f});
    } else {
      result.files.push_back({p, p});
    }
  }
  return result;
}

std::unique_ptr<std::istream> open_input(const InputFile& input, std::string& error) {
  if (input.path == "-") {
    // A non-owning stream over std::cin's buffer, so callers own every stream the same way.
    return std::make_unique<std::istream>(std::cin.rdbuf());
  }
  auto file = std::make_unique<std::ifstream>(input.path, std::ios::binary);
  if (!*file) {
    error = "cannot open " + input.path + ": " + std::strerror(errno);
    return nullptr;
  }
  return file;
}

}  // namespace planilla
