// Small file helpers the test tiers share.
#pragma once

#include <filesystem>
#include <string>

namespace planilla::test {

// The bytes of `path` ("" when it cannot be read).
std::string read_bytes(const std::filesystem::path& path);

// Whether the environment variable `name` is "1": PLANILLA_CORPUS_FULL (the whole corpus instead
// of the seeded sample), PLANILLA_PERFT_FULL (every depth).
bool env_flag(const char* name);

}  // namespace planilla::test
