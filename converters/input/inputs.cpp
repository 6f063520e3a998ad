#include "converters/input/inputs.hpp"

#include <fcntl.h>
#include <fnmatch.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <iterator>
#include <utility>

#include "converters/input/split_index.hpp"
namespace planilla {

namespace fs = std::filesystem;

namespace {

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

bool ends_with(const std::string& s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

bool included(const fs::path& file, const fs::path& dir, const ExpandOptions& options) {
  for (const std::string& glob : options.include) {
    const std::string subject =
        glob.find('/') == std::string::npos ? file.filename().string() : file.lexically_relative(dir).generic_string();
    if (fnmatch(glob.c_str(), subject.c_str(), 0) == 0) return true;
  }
  return false;
}

// Bytes sniffed at the start of an input: the compression magic and the binary test.
constexpr std::size_t kSniff = 4096;

// A file that is not text: a known binary format by its first bytes, or control characters
// (other than tab, line ends, form feed, escape) in more than one byte of twenty. UTF-16 text
// (with its byte order mark) has NULs in every other byte and is text; so is a PGN with a stray
// NUL. Returns what it looks like ("binary file"; "zip archive" …), or "" for text.
std::string binary_kind(std::string_view head) {
  if (head.size() >= 2 && ((head[0] == '\xFF' && head[1] == '\xFE') || (head[0] == '\xFE' && head[1] == '\xFF')))
    return {};
  struct Magic {
    std::string_view bytes, kind;
  };
  static constexpr Magic kMagic[] = {
      {"PK\x03\x04", "zip archive"},
      {"7z\xBC\xAF\x27\x1C", "7-Zip archive"},
      {"Rar!\x1A\x07", "RAR archive"},
      {"%PDF-", "PDF document"},
      {"\x89PNG", "PNG image"},
      {"\xFF\xD8\xFF", "JPEG image"},
      {"GIF8", "GIF image"},
      {"\x7F"
       "ELF",
       "executable"},
  };
  for (const Magic& m : kMagic)
    if (head.substr(0, m.bytes.size()) == m.bytes) return std::string(m.kind);
  std::size_t controls = 0;
  for (char ch : head) {
    const auto c = static_cast<unsigned char>(ch);
    if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != '\v' && c != 0x1B) || c == 0x7F)
      ++controls;
  }
  if (controls >= 4 && controls * 20 > head.size()) return "binary file";
  return {};
}

std::string read_head(std::istream& in) {
  std::string head(kSniff, '\0');
  in.read(head.data(), static_cast<std::streamsize>(head.size()));
  head.resize(static_cast<std::size_t>(in.gcount()));
  return head;
}

std::string not_text(const std::string& name, const std::string& kind) {
  return name + ": " + kind + ", not read (planilla reads PGN and text; zstd, gzip, bzip2 and xz are decompressed)";
}

}  // namespace

bool is_pgn_name(const std::string& file_name) {
  const std::string n = lower(file_name);
  for (std::string_view ext : {".pgn", ".pgn.zst", ".pgn.gz", ".pgn.xz", ".pgn.bz2"})
    if (ends_with(n, ext)) return true;
  return false;
}

ExpandedInputs expand_inputs(const std::vector<std::string>& paths, const ExpandOptions& options) {
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
      std::uint64_t skipped = 0;
      for (auto it = fs::recursive_directory_iterator(p, fs::directory_options::skip_permission_denied, ec);
           !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
        if (!it->is_regular_file(ec)) continue;
        if (is_pgn_name(it->path().filename().string()) || included(it->path(), p, options))
          found.push_back(it->path().string());
        else ++skipped;
      }
      if (ec) result.errors.push_back("cannot read directory " + p + ": " + ec.message());
      if (found.empty())
        result.notices.push_back(p + ": no PGN files in this directory" +
                                 (skipped ? " (" + std::to_string(skipped) +
                                                (skipped == 1 ? " other file" : " other files") +
                                                " skipped; --include GLOB reads them)"
                                          : " (it is empty)"));
      result.skipped += skipped;
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
    // Standard input cannot be rewound: the sniffed bytes are served again by the buffer that
    // decompresses (or, for plain text, only copies).
    std::string head = read_head(std::cin);
    const Compression c = detect_compression(head);
    if (c == Compression::None)
      if (std::string kind = binary_kind(head); !kind.empty()) {
        error = not_text("<stdin>", kind);
        return nullptr;
      }
    std::cin.clear(std::cin.rdstate() & ~(std::ios::failbit | std::ios::eofbit));
    return std::make_unique<DecompressingStream>(c, std::cin, nullptr, std::move(head));
  }
  auto file = std::make_unique<std::ifstream>(input.path, std::ios::binary);
  if (!*file) {
    error = "cannot open " + input.path + ": " + std::strerror(errno);
    return nullptr;
  }
  std::string head = read_head(*file);
  if (file->bad()) {
    error = "cannot read " + input.path + ": " + std::strerror(errno);
    return nullptr;
  }
  const Compression c = detect_compression(head);
  if (c != Compression::None) {
    file->clear();
    std::istream& source = *file;
    return std::make_unique<DecompressingStream>(c, source, std::move(file), std::move(head));
  }
  if (std::string kind = binary_kind(head); !kind.empty()) {
    error = not_text(input.path, kind);
    return nullptr;
  }
  // Plain text: the file stream itself, rewound (no extra copy of its bytes).
  file->clear();
  file->seekg(0);
  return file;
}

std::optional<MappedFile> MappedFile::open(const std::string& path, std::string& error) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) {
    error = "cannot open " + path + ": " + std::strerror(errno);
    return std::nullopt;
  }
  struct stat st;
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size <= 0) {
    error = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? path + " is empty" : path + " is not a regular file";
    ::close(fd);
    return std::nullopt;
  }
  const auto size = static_cast<std::size_t>(st.st_size);
  void* map = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
  if (map == MAP_FAILED) {
    error = "cannot map " + path + ": " + std::strerror(errno);
    ::close(fd);
    return std::nullopt;
  }
  const std::int64_t mtime = static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1'000'000'000 + st.st_mtim.tv_nsec;
  return MappedFile(fd, std::string_view(static_cast<const char*>(map), size), mtime);
}

MappedFile::MappedFile(MappedFile&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)), bytes_(std::exchange(other.bytes_, {})), mtime_ns_(other.mtime_ns_) {}

MappedFile::~MappedFile() {
  if (!bytes_.empty()) ::munmap(const_cast<char*>(bytes_.data()), bytes_.size());
  if (fd_ >= 0) ::close(fd_);
}

SplitReadAt MappedFile::read_at() const {
  return [fd = fd_](std::uint64_t offset, char* out, std::size_t length) {
    std::size_t got = 0;
    while (got < length) {
      const ssize_t r = ::pread(fd, out + got, length - got, static_cast<off_t>(offset + got));
      if (r < 0 && errno == EINTR) continue;
      if (r <= 0) break;  // a short read: the walk checks less, the splitter cuts the rest
      got += static_cast<std::size_t>(r);
    }
    return got;
  };
}

SplitStart file_split_start(const InputFile& input, std::uint64_t at, std::optional<Encoding> forced,
                            std::string* note) {
  if (note) note->clear();
  if (input.path == "-" || at == 0) return {};
  std::string error;
  const std::optional<MappedFile> file = MappedFile::open(input.path, error);
  if (!file) return {};
  SplitStart from;
  const std::string index_path = split_index_path(input.path);
  if (std::ifstream index_file(index_path, std::ios::binary); index_file) {
    const std::string text((std::istreambuf_iterator<char>(index_file)), std::istreambuf_iterator<char>());
    std::string why;
    if (const std::optional<SplitIndex> index = parse_split_index(text, why)) {
      if (const std::optional<SplitStart> point = split_index_point(*index, file->bytes(), file->mtime_ns(), at, why))
        from = *point;
    }
    if (note && !why.empty()) *note = index_path + ": " + why + "; the shard walks from the beginning of the file";
  }
  return find_split_start(file->bytes(), at, forced, file->read_at(), from);
}

Compression file_compression(const InputFile& input) {
  if (input.path == "-") return Compression::None;
  std::ifstream file(input.path, std::ios::binary);
  char head[8] = {};
  file.read(head, sizeof head);
  return detect_compression(std::string_view(head, static_cast<std::size_t>(file.gcount())));
}

}  // namespace planilla
