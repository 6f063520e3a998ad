// planilla's entry point: build the application, parse, run. Nothing is computed here.
#include <unistd.h>

#include <cstring>
#include <iostream>

#include "cli/app.hpp"
#include "converters/run/output_files.hpp"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  // Interrupted runs remove their temporaries; write errors keep their reason (errno). A reader
  // that goes away (`| head`) ends the process quietly, as SIGPIPE always did.
  planilla::install_output_signal_handlers();
  planilla::FdWriteBuf out_buf(STDOUT_FILENO, "standard output", planilla::FdWriteBuf::BrokenPipe::EndQuietly);
  planilla::FdWriteBuf err_buf(STDERR_FILENO, "standard error", planilla::FdWriteBuf::BrokenPipe::EndQuietly, 1 << 12);
  std::ostream out(&out_buf);
  std::ostream err(&err_buf);
  err.setf(std::ios::unitbuf);  // as std::cerr: each message leaves at once
  planilla::cli::Io io{
      std::cin, out, err, ::isatty(STDERR_FILENO) != 0, ::isatty(STDOUT_FILENO) != 0, ::isatty(STDIN_FILENO) != 0};
  auto cli = planilla::cli::make_app(io);
  int code = planilla::cli::run(*cli, argc, argv);
  out.flush();
  // The subcommands that write only to stdout (show, perft, languages) learn of a failed write
  // here; the others have reported it already and exit 2.
  if (out_buf.error() != 0 && code != planilla::cli::kUsage) {
    err << "planilla: cannot write standard output: " << std::strerror(out_buf.error()) << '\n';
    return planilla::cli::kUsage;
  }
  return code;
}
