// The files a run writes, published whole or not at all. An interrupted or failing run never
// costs a user the file it was about to replace:
// - each output file is written to a temporary beside it (`.clean.pgn.planilla-tmp-PID`, so a
//   temporary left by a crash or SIGKILL is recognisably one) and renamed over the target only
//   when the run succeeds; all outputs of one run (`-o` and `--rejects`) are renamed together,
//   with the termination signals blocked, or none is;
// - SIGINT, SIGTERM and SIGHUP remove every temporary (unlink only: async-signal-safe) and end
//   the process by the same signal (a shell sees 130, 143, 129);
// - a failed write or read keeps the system's reason (errno) and the file's name, stops the run
//   (guarded inputs read as ended) and is reported as one line;
// - a broken pipe on standard output (`| head`) ends the process quietly by SIGPIPE, as it did
//   before SIGPIPE was ignored; a broken pipe anywhere else is an error like any other.
// A file whose name ends in .zst, .gz or .xz is written compressed (zstd level 3, gzip 6, xz 6:
// the tools' defaults), through the same temporary.
// Devices, FIFOs and paths under /dev and /proc (`-o /dev/null`, `/dev/stdout`) are written in
// place: a temporary cannot be renamed over them.
#pragma once

#include <atomic>
#include <istream>
#include <memory>
#include <mutex>
#include <ostream>
#include <streambuf>
#include <string>
#include <vector>

namespace planilla {

class OutputSet;

// A buffered write-only stream buffer over a file descriptor that remembers the errno of its
// first failed write (after which it drops what it is given). It never closes the descriptor.
class FdWriteBuf : public std::streambuf {
 public:
  enum class BrokenPipe { Report, EndQuietly };
  FdWriteBuf(int fd, std::string name, BrokenPipe on_broken_pipe = BrokenPipe::Report,
             std::size_t buffer_size = 1 << 16);
  ~FdWriteBuf() override;
  FdWriteBuf(const FdWriteBuf&) = delete;
  FdWriteBuf& operator=(const FdWriteBuf&) = delete;

  int error() const { return error_; }  // errno of the first failure, 0 when none
  const std::string& name() const { return name_; }
  // The set told about the first failure (so that it stops the run); nullptr for none.
  void watch(OutputSet* set) { watcher_ = set; }

 protected:
  int_type overflow(int_type c) override;
  std::streamsize xsputn(const char* s, std::streamsize n) override;
  int sync() override;

 private:
  bool drain();
  bool write_all(const char* data, std::size_t size);

  int fd_;
  std::string name_;
  BrokenPipe on_broken_pipe_;
  std::vector<char> buffer_;
  int error_ = 0;
  OutputSet* watcher_ = nullptr;
};

class OutputSet {
 public:
  OutputSet();
  ~OutputSet();  // discards every temporary not committed
  OutputSet(const OutputSet&) = delete;
  OutputSet& operator=(const OutputSet&) = delete;

  // "" or "-" gives `standard_output` (its failures become the run's when it is an FdWriteBuf);
  // any other path a stream to a new temporary beside it (or to the device itself). nullptr,
  // with error() set, when it cannot be created.
  std::ostream* open(const std::string& path, std::ostream& standard_output);

  // An input that reads `in` to its end, reads as ended once the run has failed, and turns a
  // read error into the run's failure naming `name`.
  std::unique_ptr<std::istream> guard(std::unique_ptr<std::istream> in, const std::string& name);

  // The first failure wins; thread-safe. `line` is the whole reason ("cannot write x: …").
  void fail(const std::string& line);
  void fail_errno(const char* verb, const std::string& name, int error_number);
  bool failed() const { return failed_.load(std::memory_order_acquire); }
  std::string error() const;

  // Flushes every output and syncs the temporaries to disk; false when anything failed.
  bool flush();
  // Renames every temporary over its target (after flush()); false, with nothing more renamed
  // and the rest removed, when the run failed or a rename fails.
  bool commit();
  // Removes every temporary; the targets stay as they were.
  void discard();

  // The targets that are written through temporaries (what an interrupted run leaves alone).
  std::vector<std::string> replaced_targets() const;

 private:
  struct Output;
  std::vector<std::unique_ptr<Output>> outputs_;
  std::ostream* standard_output_ = nullptr;
  FdWriteBuf* watched_ = nullptr;
  std::atomic<bool> failed_{false};
  mutable std::mutex mutex_;
  std::string error_;
};

// Installs the handlers described above: SIGINT, SIGTERM and SIGHUP remove the temporaries and
// end the process by the signal (a signal ignored at start stays ignored); SIGPIPE is ignored so
// that writes report EPIPE. Call once, early in main(); idempotent.
void install_output_signal_handlers();

// The buffer whose bytes go out before the process ends because standard output's reader went
// away (`2> log | head`): standard error's, buffered when it is no terminal (main.cpp), so that
// the diagnostics written so far are not lost with the rest. nullptr: none.
void flush_before_broken_pipe_end(FdWriteBuf* buffer);

// The temporary a target is written to before it is renamed: `.NAME.planilla-tmp-PID` beside it.
std::string temporary_name(const std::string& target, long pid);

// True when both paths exist and are the same file (device and inode, through symbolic and
// hard links). "-" stands for this process's standard input.
bool same_file(const std::string& a, const std::string& b);
// True when `path` would be written through a temporary (a regular file or a new one).
bool written_through_temporary(const std::string& path);

}  // namespace planilla
