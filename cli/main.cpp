// planilla's entry point: build the application, parse, run. Nothing is computed here.
#include <unistd.h>

#include <iostream>

#include "cli/app.hpp"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  planilla::cli::Io io{std::cin, std::cout, std::cerr, ::isatty(STDERR_FILENO) != 0,
                          ::isatty(STDOUT_FILENO) != 0};
  auto cli = planilla::cli::make_app(io);
  return planilla::cli::run(*cli, argc, argv);
}
