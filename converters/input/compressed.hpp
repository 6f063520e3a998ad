// Compressed archives: zstd, gzip, bzip2 and xz, read as a stream (memory stays one buffer of
// compressed and one of decompressed bytes, however large the archive) and written as a stream.
// The format of an input is told by its first bytes (magic numbers), never by its name; the
// format of an output by its name (`-o games.pgn.zst`).
//
// Positions are those of the decompressed bytes: a diagnostic on `games.pgn.zst` names the same
// line, column, byte and game as on `games.pgn`.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <istream>
#include <memory>
#include <mutex>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace planilla {

enum class Compression : std::uint8_t { None, Zstd, Gzip, Bzip2, Xz };

std::string_view compression_name(Compression c);  // "zstd", "gzip", "bzip2", "xz"; "none"

// The format whose magic number starts `head` (at least the first 6 bytes of the input when it
// has them). Zstd's skippable frames count as zstd; a zlib stream without gzip header does not
// (no archive ships one).
Compression detect_compression(std::string_view head);

// The compression an output file name asks for: .zst, .gz or .xz at its end (case-insensitive);
// None otherwise (.bz2 is read, not written: its compressor is several times slower than xz's
// for a larger file).
Compression compression_for_name(std::string_view path);

// Decompresses `source` (which the buffer owns when `owned` is set) as it is read. Concatenated
// frames, members and streams are read one after the other, as the command-line tools do.
// A corrupt or truncated input ends the stream early; error() then says why and where.
// Decompression runs on a thread of its own, a few blocks ahead of the reader (kAhead blocks of
// 256 KiB at most), so that it overlaps the reading as `zstd -dc | planilla check -` would,
// without the pipe's copies. run_pipeline() at one job also cuts a compressed input's games on
// one thread and reads them on another (ReadOptions::overlap_cutting): the second core, which
// decompression leaves mostly idle, takes the cutting as well.
class DecompressingBuf : public std::streambuf {
 public:
  // `head`: bytes already read from `source` (to sniff the magic), served first.
  DecompressingBuf(Compression c, std::istream& source, std::unique_ptr<std::istream> owned, std::string head);
  ~DecompressingBuf() override;
  DecompressingBuf(const DecompressingBuf&) = delete;
  DecompressingBuf& operator=(const DecompressingBuf&) = delete;

  Compression compression() const { return compression_; }
  // Empty unless the compressed data was corrupt or cut short: "corrupt zstd data (…)".
  const std::string& error() const { return error_; }
  // Compressed bytes read so far (for progress over the file's size).
  std::uint64_t compressed_bytes() const { return compressed_read_; }

 protected:
  int_type underflow() override;

 private:
  struct Codec;
  bool refill_input();                     // more compressed bytes into in_; false at the source's end
  bool decompress_some(std::string& out);  // some output bytes, or false at the end / on error
  void fail(std::string why);
  void produce();  // the decompressing thread

  static constexpr std::size_t kAhead = 4;

  Compression compression_;
  std::istream& source_;
  std::unique_ptr<std::istream> owned_;
  std::unique_ptr<Codec> codec_;
  std::string in_;  // compressed bytes
  std::size_t in_pos_ = 0;
  bool source_end_ = false;
  bool done_ = false;
  std::string error_;
  std::uint64_t compressed_read_ = 0;
  std::uint64_t produced_ = 0;

  // Hand-off between the decompressing thread and the reader.
  std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::string> ready_;   // decompressed blocks, in order
  std::vector<std::string> spare_;  // blocks the reader is done with, for reuse
  bool finished_ = false;           // the thread has pushed its last block
  bool stop_ = false;               // the reader is gone
  std::string current_;             // the block being read
  std::thread thread_;
};

// An input stream that decompresses; owns its buffer.
class DecompressingStream : public std::istream {
 public:
  DecompressingStream(Compression c, std::istream& source, std::unique_ptr<std::istream> owned, std::string head);
  DecompressingBuf& buffer() { return buf_; }

 private:
  DecompressingBuf buf_;
};

// Why a stream from open_input() ended early (corrupt or truncated compressed data); "" when it
// did not (also for every uncompressed stream).
std::string input_failure(const std::istream& in);

// Whether `in` decompresses as it is read (a stream from open_input() on compressed data).
bool input_is_compressed(const std::istream& in);

// Compresses what is written into `sink` (a file stream the caller opened and keeps). finish()
// writes the end of the compressed data and flushes; the destructor calls it when it was not.
class CompressingBuf : public std::streambuf {
 public:
  CompressingBuf(Compression c, std::ostream& sink);
  ~CompressingBuf() override;
  CompressingBuf(const CompressingBuf&) = delete;
  CompressingBuf& operator=(const CompressingBuf&) = delete;
  // False when compressing or writing the sink failed.
  bool finish();

 protected:
  int_type overflow(int_type c) override;
  std::streamsize xsputn(const char* s, std::streamsize n) override;
  int sync() override;

 private:
  struct Codec;
  bool compress(bool end);  // the pending bytes (pbase..pptr) into the sink; `end` ends the data

  Compression compression_;
  std::ostream& sink_;
  std::unique_ptr<Codec> codec_;
  std::string in_;
  std::string out_;
  bool finished_ = false;
  bool failed_ = false;
};

// An output stream that compresses into `sink`.
class CompressingStream : public std::ostream {
 public:
  CompressingStream(Compression c, std::ostream& sink);
  bool finish() {
    flush();
    return buf_.finish() && !fail();
  }

 private:
  CompressingBuf buf_;
};

}  // namespace planilla
