#include "tests/support/files.hpp"

#include <cstdlib>
#include <fstream>
#include <iterator>

namespace planilla::test {

std::string read_bytes(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

bool env_flag(const char* name) {
  const char* v = std::getenv(name);
  return v != nullptr && std::string(v) == "1";
}

}  // namespace planilla::test
