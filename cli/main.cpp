// planilla's entry point: build the application, parse, run. Nothing is computed here.
#include <unistd.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <cstring>
#include <iostream>

#include "cli/app.hpp"
#include "converters/run/output_files.hpp"

int main(int argc, char** argv) {
#if defined(__GLIBC__)
  // Blocks of 1 MiB and more (a large game's bytes, text and model) come from the kernel and go
  // back to it when freed, and grow in place (ByteBuffer). glibc's own threshold rises to 32 MiB
  // after the first such block is freed; the next game's blocks then came from the heap, where a
  // freed one stays resident: a 16 MiB Latin-1 game's `convert` peaked at 109 MiB, 84 MiB with
  // this. Archives of ordinary games allocate nothing that large (bench/RESULTS.md).
  mallopt(M_MMAP_THRESHOLD, 1 << 20);
#endif
  std::ios::sync_with_stdio(false);
  // Interrupted runs remove their temporaries; write errors keep their reason (errno). A reader
  // that goes away (`| head`) ends the process quietly, as SIGPIPE always did.
  planilla::install_output_signal_handlers();
  planilla::FdWriteBuf out_buf(STDOUT_FILENO, "standard output", planilla::FdWriteBuf::BrokenPipe::EndQuietly);
  const bool err_is_terminal = ::isatty(STDERR_FILENO) != 0;
  planilla::FdWriteBuf err_buf(STDERR_FILENO, "standard error", planilla::FdWriteBuf::BrokenPipe::EndQuietly,
                               err_is_terminal ? 1 << 12 : 1 << 16);
  std::ostream out(&out_buf);
  std::ostream err(&err_buf);
  // On a terminal each message leaves at once, as std::cerr's do; into a file or a pipe the
  // messages leave a buffer at a time (a write per diagnostic was most of the time of a file of
  // 20,000 warnings), and all of them by the exit.
  if (err_is_terminal) err.setf(std::ios::unitbuf);
  else planilla::flush_before_broken_pipe_end(&err_buf);
  planilla::cli::Io io{std::cin, out, err, err_is_terminal, ::isatty(STDOUT_FILENO) != 0, ::isatty(STDIN_FILENO) != 0};
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
