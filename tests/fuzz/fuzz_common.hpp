// Shared by the libFuzzer targets and the GCC replay driver (replay_main.cpp).
//
// A target states its invariant with PLANILLA_FUZZ_CHECK: when it fails, __builtin_trap() stops
// the process, which libFuzzer records as a crash with the input that caused it and which the
// replay driver (a ctest) turns into a failed test. assert() is not used: Release builds drop it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string_view>

#define PLANILLA_FUZZ_CHECK(cond)                                                             \
  do {                                                                                        \
    if (!(cond)) {                                                                            \
      std::fprintf(stderr, "fuzz invariant failed: %s (%s:%d)\n", #cond, __FILE__, __LINE__); \
      __builtin_trap();                                                                       \
    }                                                                                         \
  } while (0)

namespace planilla::fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

}  // namespace planilla::fuzz
