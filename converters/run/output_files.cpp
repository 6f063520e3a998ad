#include "converters/run/output_files.hpp"

#include "converters/input/compressed.hpp"

#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <ios>
#include <system_error>

namespace planilla {

namespace {

// ---- what a signal handler may touch: a fixed table of C strings, read with atomic loads ----
// A slot holds the path of a live temporary. The handler only calls unlink() on each, which is
// async-signal-safe; the strings belong to their OutputSet and stay put while registered.
constexpr int kSlots = 64;
std::atomic<const char*> g_temporaries[kSlots];

int register_temporary(const char* path) {
  for (int i = 0; i < kSlots; ++i) {
    const char* expected = nullptr;
    if (g_temporaries[i].compare_exchange_strong(expected, path)) return i;
  }
  return -1;
}

void unregister_temporary(int slot) {
  if (slot >= 0) g_temporaries[slot].store(nullptr);
}

void remove_all_temporaries() {
  for (auto& slot : g_temporaries)
    if (const char* path = slot.load()) ::unlink(path);
}

constexpr int kTerminationSignals[] = {SIGINT, SIGTERM, SIGHUP};

extern "C" void on_termination_signal(int sig) {
  const int saved = errno;
  remove_all_temporaries();
  // SA_RESETHAND restored the default action; the signal is blocked while we run, so it is
  // delivered (and ends the process as it would have) the moment this handler returns.
  ::raise(sig);
  errno = saved;
}

// flush_before_broken_pipe_end()'s buffer.
std::atomic<FdWriteBuf*> g_flush_before_end{nullptr};

// Stdout's reader went away (`| head`): end as SIGPIPE would have, temporaries removed first.
[[noreturn]] void end_by_broken_pipe() {
  // Once: a write of that buffer that meets a broken pipe of its own comes back here.
  if (FdWriteBuf* buffer = g_flush_before_end.exchange(nullptr)) buffer->pubsync();
  remove_all_temporaries();
  ::signal(SIGPIPE, SIG_DFL);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGPIPE);
  ::pthread_sigmask(SIG_UNBLOCK, &set, nullptr);
  ::raise(SIGPIPE);
  ::_exit(128 + SIGPIPE);
}

std::string reason(int error_number) { return std::strerror(error_number); }

bool under_system_folder(const std::string& path) {
  return path.rfind("/dev/", 0) == 0 || path.rfind("/proc/", 0) == 0;
}

// A read error inside a stream buffer: libstdc++'s filebuf throws std::ios_base::failure with
// the errno in its code; anything else is reported with its text.
std::string read_error_reason(const std::exception& e) {
  if (const auto* f = dynamic_cast<const std::ios_base::failure*>(&e)) {
    if (f->code().category() == std::system_category() || f->code().category() == std::generic_category())
      if (f->code().value() != 0 && f->code() != std::io_errc::stream) return reason(f->code().value());
  }
  return e.what();
}

// ---- an input that stops when the run has failed and turns read errors into its failure ----
class GuardedReadBuf : public std::streambuf {
 public:
  GuardedReadBuf(std::unique_ptr<std::istream> in, std::string name, OutputSet& set)
      : in_(std::move(in)), source_(in_->rdbuf()), name_(std::move(name)), set_(set), buffer_(1 << 16) {}

 protected:
  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    std::streamsize n = fetch(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
    if (n <= 0) return traits_type::eof();
    setg(buffer_.data(), buffer_.data(), buffer_.data() + n);
    return traits_type::to_int_type(*gptr());
  }

  // Large reads (the splitter asks for whole chunks) go straight from the source to the
  // caller's buffer: no second copy of the input.
  std::streamsize xsgetn(char* s, std::streamsize n) override {
    std::streamsize done = 0;
    if (gptr() < egptr()) {
      done = std::min<std::streamsize>(n, egptr() - gptr());
      std::memcpy(s, gptr(), static_cast<std::size_t>(done));
      gbump(static_cast<int>(done));
    }
    while (done < n) {
      std::streamsize got = fetch(s + done, n - done);
      if (got <= 0) break;
      done += got;
    }
    return done;
  }

 private:
  std::streamsize fetch(char* to, std::streamsize n) {
    if (set_.failed() || ended_ || source_ == nullptr) return 0;
    try {
      std::streamsize got = source_->sgetn(to, n);
      if (got <= 0) ended_ = true;
      return got;
    } catch (const std::exception& e) {
      ended_ = true;
      set_.fail("cannot read " + name_ + ": " + read_error_reason(e));
      return 0;
    }
  }

  std::unique_ptr<std::istream> in_;
  std::streambuf* source_;
  std::string name_;
  OutputSet& set_;
  std::vector<char> buffer_;
  bool ended_ = false;
};

class GuardedInput : public std::istream {
 public:
  GuardedInput(std::unique_ptr<std::istream> in, const std::string& name, OutputSet& set)
      : std::istream(nullptr), buf_(std::move(in), name, set) {
    init(&buf_);
  }

 private:
  GuardedReadBuf buf_;
};

}  // namespace

// ---------------------------------------------------------------------------------------------

FdWriteBuf::FdWriteBuf(int fd, std::string name, BrokenPipe on_broken_pipe, std::size_t buffer_size)
    : fd_(fd), name_(std::move(name)), on_broken_pipe_(on_broken_pipe), buffer_(buffer_size) {
  setp(buffer_.data(), buffer_.data() + buffer_.size());
}

FdWriteBuf::~FdWriteBuf() {
  drain();
  FdWriteBuf* self = this;  // no longer there to be flushed at a broken pipe
  g_flush_before_end.compare_exchange_strong(self, nullptr);
}

bool FdWriteBuf::write_all(const char* data, std::size_t size) {
  if (error_) return false;
  while (size > 0) {
    ssize_t n = ::write(fd_, data, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const int e = n < 0 ? errno : EIO;
      if (e == EPIPE && on_broken_pipe_ == BrokenPipe::EndQuietly) end_by_broken_pipe();
      error_ = e;
      if (watcher_) watcher_->fail_errno("write", name_, e);
      return false;
    }
    data += n;
    size -= static_cast<std::size_t>(n);
  }
  return true;
}

bool FdWriteBuf::drain() {
  const std::size_t pending = static_cast<std::size_t>(pptr() - pbase());
  setp(buffer_.data(), buffer_.data() + buffer_.size());
  return pending == 0 ? error_ == 0 : write_all(buffer_.data(), pending);
}

FdWriteBuf::int_type FdWriteBuf::overflow(int_type c) {
  if (!drain()) return traits_type::eof();
  if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
  *pptr() = traits_type::to_char_type(c);
  pbump(1);
  return c;
}

std::streamsize FdWriteBuf::xsputn(const char* s, std::streamsize n) {
  if (error_) return 0;
  const auto size = static_cast<std::size_t>(n);
  if (size <= static_cast<std::size_t>(epptr() - pptr())) {
    std::memcpy(pptr(), s, size);
    pbump(static_cast<int>(n));
    return n;
  }
  // Larger than what is left: send what is buffered, then this directly when it is big.
  if (!drain()) return 0;
  if (size >= buffer_.size() / 2) return write_all(s, size) ? n : 0;
  std::memcpy(pptr(), s, size);
  pbump(static_cast<int>(n));
  return n;
}

int FdWriteBuf::sync() { return drain() ? 0 : -1; }

// ---------------------------------------------------------------------------------------------

struct OutputSet::Output {
  std::string target;     // as the user named it (for messages)
  std::string published;  // the path renamed over (the symlink's target when it is one)
  std::string temporary;  // empty: written in place (a device, a FIFO)
  int fd = -1;
  int slot = -1;
  std::unique_ptr<FdWriteBuf> buf;
  std::unique_ptr<std::ostream> stream;
  // A name ending in .zst, .gz or .xz: what the run writes is compressed into `stream`.
  std::unique_ptr<CompressingStream> compressed;
};

OutputSet::OutputSet() = default;

OutputSet::~OutputSet() {
  discard();
  if (watched_) watched_->watch(nullptr);
}

std::string temporary_name(const std::string& target, long pid) {
  std::filesystem::path p(target);
  std::filesystem::path dir = p.parent_path();
  std::string name = "." + p.filename().string() + ".planilla-tmp-" + std::to_string(pid);
  return dir.empty() ? name : (dir / name).string();
}

bool written_through_temporary(const std::string& path) {
  if (under_system_folder(path)) return false;
  struct stat st;
  if (::stat(path.c_str(), &st) == 0) return S_ISREG(st.st_mode);
  return ::lstat(path.c_str(), &st) != 0;  // a dangling symbolic link is written through
}

bool same_file(const std::string& a, const std::string& b) {
  auto info = [](const std::string& path, struct stat& st) {
    return path == "-" ? ::fstat(STDIN_FILENO, &st) == 0 : ::stat(path.c_str(), &st) == 0;
  };
  struct stat sa, sb;
  return info(a, sa) && info(b, sb) && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

std::ostream* OutputSet::open(const std::string& path, std::ostream& standard_output) {
  if (path.empty() || path == "-") {
    standard_output_ = &standard_output;
    if (auto* buf = dynamic_cast<FdWriteBuf*>(standard_output.rdbuf()); buf && !watched_) {
      watched_ = buf;
      buf->watch(this);
    }
    return &standard_output;
  }
  auto out = std::make_unique<Output>();
  out->target = path;
  if (written_through_temporary(path)) {
    // A symbolic link stays a link: the file it names is the one replaced.
    out->published = path;
    struct stat st;
    bool exists = ::stat(path.c_str(), &st) == 0;
    if (exists) {
      if (char* real = ::realpath(path.c_str(), nullptr)) {
        out->published = real;
        std::free(real);
      }
    }
    const std::string base = temporary_name(out->published, static_cast<long>(::getpid()));
    for (int attempt = 0; attempt < 100 && out->fd < 0; ++attempt) {
      out->temporary = attempt == 0 ? base : base + "." + std::to_string(attempt);
      // Registered before it exists, so no moment has it on disk and unknown to the handler.
      out->slot = register_temporary(out->temporary.c_str());
      out->fd = ::open(out->temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
      const int e = errno;
      if (out->fd >= 0) break;
      unregister_temporary(out->slot);
      out->slot = -1;
      if (e != EEXIST) {
        fail_errno("write", path, e);
        return nullptr;
      }
    }
    if (out->fd < 0) {
      fail_errno("write", path, EEXIST);
      return nullptr;
    }
    if (exists) (void)::fchmod(out->fd, st.st_mode & 07777);  // the replacement keeps the mode
  } else {
    out->published = path;
    out->fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (out->fd < 0) {
      fail_errno("write", path, errno);
      return nullptr;
    }
  }
  out->buf = std::make_unique<FdWriteBuf>(out->fd, path);
  out->buf->watch(this);
  out->stream = std::make_unique<std::ostream>(out->buf.get());
  std::ostream* stream = out->stream.get();
  if (const Compression c = compression_for_name(path); c != Compression::None) {
    out->compressed = std::make_unique<CompressingStream>(c, *out->stream);
    stream = out->compressed.get();
  }
  outputs_.push_back(std::move(out));
  return stream;
}

std::unique_ptr<std::istream> OutputSet::guard(std::unique_ptr<std::istream> in, const std::string& name) {
  return std::make_unique<GuardedInput>(std::move(in), name, *this);
}

void OutputSet::fail(const std::string& line) {
  std::lock_guard lock(mutex_);
  if (failed_.load()) return;
  error_ = line;
  failed_.store(true, std::memory_order_release);
}

void OutputSet::fail_errno(const char* verb, const std::string& name, int error_number) {
  fail(std::string("cannot ") + verb + " " + name + ": " + reason(error_number));
}

std::string OutputSet::error() const {
  std::lock_guard lock(mutex_);
  return error_;
}

bool OutputSet::flush() {
  for (auto& out : outputs_) {
    if (!out->stream) continue;
    // The end of the compressed data (once; nothing is written after the run's flush).
    if (out->compressed && !out->compressed->finish() && out->buf->error() == 0)
      fail("cannot write " + out->target + ": " + std::string(compression_name(compression_for_name(out->target))) +
           " compression failed");
    out->stream->flush();
    if (out->buf->error() == 0 && !*out->stream) fail("cannot write " + out->target);
    if (!out->temporary.empty() && !failed() && ::fsync(out->fd) != 0 && errno != EINVAL)
      fail_errno("write", out->target, errno);
  }
  if (standard_output_) {
    standard_output_->flush();
    if (!*standard_output_) {
      if (auto* buf = dynamic_cast<FdWriteBuf*>(standard_output_->rdbuf()); buf && buf->error())
        fail_errno("write", buf->name(), buf->error());
      else fail("cannot write standard output");
    }
  }
  return !failed();
}

bool OutputSet::commit() {
  if (failed()) {
    discard();
    return false;
  }
  // Both files or neither: a termination signal waits until every rename is done.
  sigset_t block, previous;
  sigemptyset(&block);
  for (int sig : kTerminationSignals) sigaddset(&block, sig);
  ::pthread_sigmask(SIG_BLOCK, &block, &previous);
  std::string first_dir;
  for (auto& out : outputs_) {
    out->compressed.reset();
    out->stream.reset();
    out->buf.reset();
    if (out->fd >= 0 && ::close(out->fd) != 0 && !failed()) fail_errno("write", out->target, errno);
    out->fd = -1;
    if (out->temporary.empty() || failed()) continue;
    if (::rename(out->temporary.c_str(), out->published.c_str()) != 0) {
      fail_errno("write", out->target, errno);
      continue;
    }
    // Renamed: the handler may still unlink the old name, which no longer exists.
    unregister_temporary(out->slot);
    out->slot = -1;
    out->temporary.clear();
    // The directory entry itself, so that a machine going down keeps the new file.
    std::string dir = std::filesystem::path(out->published).parent_path().string();
    if (dir.empty()) dir = ".";
    if (dir != first_dir) {
      if (int d = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); d >= 0) {
        (void)::fsync(d);
        ::close(d);
      }
      first_dir = dir;
    }
  }
  const bool ok = !failed();
  discard();  // what a failed rename left
  ::pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  return ok;
}

void OutputSet::discard() {
  for (auto& out : outputs_) {
    out->compressed.reset();
    out->stream.reset();
    out->buf.reset();
    if (out->fd >= 0) ::close(out->fd);
    out->fd = -1;
    if (!out->temporary.empty()) ::unlink(out->temporary.c_str());
    unregister_temporary(out->slot);
    out->slot = -1;
    out->temporary.clear();
  }
  outputs_.clear();
}

std::vector<std::string> OutputSet::replaced_targets() const {
  std::vector<std::string> targets;
  for (const auto& out : outputs_)
    if (!out->temporary.empty()) targets.push_back(out->target);
  return targets;
}

void flush_before_broken_pipe_end(FdWriteBuf* buffer) { g_flush_before_end = buffer; }

void install_output_signal_handlers() {
  static std::once_flag once;
  std::call_once(once, [] {
    for (int sig : kTerminationSignals) {
      struct sigaction old {};
      if (::sigaction(sig, nullptr, &old) == 0 && old.sa_handler == SIG_IGN) continue;  // nohup, background
      struct sigaction action {};
      action.sa_handler = on_termination_signal;
      sigemptyset(&action.sa_mask);
      action.sa_flags = SA_RESETHAND;
      ::sigaction(sig, &action, nullptr);
    }
    ::signal(SIGPIPE, SIG_IGN);
  });
}

}  // namespace planilla
