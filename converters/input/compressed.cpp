#include "converters/input/compressed.hpp"

#include <bzlib.h>
#include <lzma.h>
#include <zlib.h>
#include <zstd.h>

#include <algorithm>
#include <cstring>

namespace planilla {

namespace {

constexpr std::size_t kInChunk = std::size_t{1} << 18;   // compressed bytes read at a time
constexpr std::size_t kOutChunk = std::size_t{1} << 18;  // decompressed bytes handed out at a time

bool ends_with_ci(std::string_view s, std::string_view suffix) {
  if (s.size() < suffix.size()) return false;
  for (std::size_t i = 0; i < suffix.size(); ++i) {
    char c = s[s.size() - suffix.size() + i];
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c != suffix[i]) return false;
  }
  return true;
}

enum class Step : std::uint8_t { Ok, StreamEnd, Error };

}  // namespace

std::string_view compression_name(Compression c) {
  switch (c) {
    case Compression::None: return "none";
    case Compression::Zstd: return "zstd";
    case Compression::Gzip: return "gzip";
    case Compression::Bzip2: return "bzip2";
    case Compression::Xz: return "xz";
  }
  return "none";
}

Compression detect_compression(std::string_view head) {
  const auto b = [&](std::size_t i) { return i < head.size() ? static_cast<unsigned char>(head[i]) : 0x100u; };
  if (b(0) == 0x28 && b(1) == 0xB5 && b(2) == 0x2F && b(3) == 0xFD) return Compression::Zstd;
  if ((b(0) & 0xF0) == 0x50 && b(1) == 0x2A && b(2) == 0x4D && b(3) == 0x18) return Compression::Zstd;  // skippable
  if (b(0) == 0x1F && b(1) == 0x8B) return Compression::Gzip;
  if (b(0) == 'B' && b(1) == 'Z' && b(2) == 'h' && b(3) >= '1' && b(3) <= '9') return Compression::Bzip2;
  if (b(0) == 0xFD && b(1) == '7' && b(2) == 'z' && b(3) == 'X' && b(4) == 'Z' && b(5) == 0) return Compression::Xz;
  return Compression::None;
}

Compression compression_for_name(std::string_view path) {
  if (ends_with_ci(path, ".zst")) return Compression::Zstd;
  if (ends_with_ci(path, ".gz")) return Compression::Gzip;
  if (ends_with_ci(path, ".xz")) return Compression::Xz;
  return Compression::None;
}

// ---------------------------------------------------------------------------------------------
// Decompression

struct DecompressingBuf::Codec {
  Compression kind;
  ZSTD_DStream* zstd = nullptr;
  z_stream zlib{};
  bz_stream bz{};
  lzma_stream xz = LZMA_STREAM_INIT;
  bool ready = false;
  bool mid_stream = false;  // a frame, member or stream has begun and not ended

  explicit Codec(Compression c) : kind(c) {
    switch (kind) {
      case Compression::Zstd:
        zstd = ZSTD_createDStream();
        ready = zstd != nullptr && !ZSTD_isError(ZSTD_initDStream(zstd));
        break;
      case Compression::Gzip:
        ready = inflateInit2(&zlib, 15 + 32) == Z_OK;  // +32: gzip or zlib header
        break;
      case Compression::Bzip2: ready = BZ2_bzDecompressInit(&bz, 0, 0) == BZ_OK; break;
      case Compression::Xz: ready = lzma_stream_decoder(&xz, UINT64_MAX, LZMA_CONCATENATED) == LZMA_OK; break;
      case Compression::None: ready = true; break;
    }
  }
  ~Codec() {
    switch (kind) {
      case Compression::Zstd: ZSTD_freeDStream(zstd); break;
      case Compression::Gzip: inflateEnd(&zlib); break;
      case Compression::Bzip2: BZ2_bzDecompressEnd(&bz); break;
      case Compression::Xz: lzma_end(&xz); break;
      case Compression::None: break;
    }
  }
  Codec(const Codec&) = delete;
  Codec& operator=(const Codec&) = delete;

  // Decompresses from [in, in + in_len) into [out, out + out_len). `ended`: no input follows.
  Step step(const char* in, std::size_t in_len, std::size_t& consumed, char* out, std::size_t out_len,
            std::size_t& produced, bool ended, std::string& why) {
    consumed = produced = 0;
    switch (kind) {
      case Compression::None: {
        const std::size_t n = std::min(in_len, out_len);
        std::memcpy(out, in, n);
        consumed = produced = n;
        return Step::Ok;
      }
      case Compression::Zstd: {
        ZSTD_inBuffer ib{in, in_len, 0};
        ZSTD_outBuffer ob{out, out_len, 0};
        const std::size_t r = ZSTD_decompressStream(zstd, &ob, &ib);
        consumed = ib.pos;
        produced = ob.pos;
        if (ZSTD_isError(r)) {
          why = ZSTD_getErrorName(r);
          return Step::Error;
        }
        if (r == 0) {
          mid_stream = false;
          return Step::StreamEnd;
        }
        mid_stream = true;
        return Step::Ok;
      }
      case Compression::Gzip: {
        zlib.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in));
        zlib.avail_in = static_cast<uInt>(in_len);
        zlib.next_out = reinterpret_cast<Bytef*>(out);
        zlib.avail_out = static_cast<uInt>(out_len);
        const int r = inflate(&zlib, Z_NO_FLUSH);
        consumed = in_len - zlib.avail_in;
        produced = out_len - zlib.avail_out;
        if (r == Z_STREAM_END) {
          mid_stream = false;
          inflateReset(&zlib);  // a next member may follow (gzip -c a b > ab.gz)
          return Step::StreamEnd;
        }
        if (r != Z_OK && r != Z_BUF_ERROR) {
          why = zlib.msg ? zlib.msg : "inflate error " + std::to_string(r);
          return Step::Error;
        }
        mid_stream = true;
        return Step::Ok;
      }
      case Compression::Bzip2: {
        bz.next_in = const_cast<char*>(in);
        bz.avail_in = static_cast<unsigned>(in_len);
        bz.next_out = out;
        bz.avail_out = static_cast<unsigned>(out_len);
        const int r = BZ2_bzDecompress(&bz);
        consumed = in_len - bz.avail_in;
        produced = out_len - bz.avail_out;
        if (r == BZ_STREAM_END) {
          mid_stream = false;
          BZ2_bzDecompressEnd(&bz);  // a next stream may follow (pbzip2 writes several)
          bz = bz_stream{};
          if (BZ2_bzDecompressInit(&bz, 0, 0) != BZ_OK) {
            why = "cannot start the next bzip2 stream";
            return Step::Error;
          }
          return Step::StreamEnd;
        }
        if (r != BZ_OK) {
          why = r == BZ_DATA_ERROR_MAGIC ? "not bzip2 data"
                : r == BZ_DATA_ERROR     ? "data integrity error"
                                         : "bzip2 error " + std::to_string(r);
          return Step::Error;
        }
        mid_stream = true;
        return Step::Ok;
      }
      case Compression::Xz: {
        xz.next_in = reinterpret_cast<const std::uint8_t*>(in);
        xz.avail_in = in_len;
        xz.next_out = reinterpret_cast<std::uint8_t*>(out);
        xz.avail_out = out_len;
        const lzma_ret r = lzma_code(&xz, ended ? LZMA_FINISH : LZMA_RUN);
        consumed = in_len - xz.avail_in;
        produced = out_len - xz.avail_out;
        if (r == LZMA_STREAM_END) {
          mid_stream = false;
          return Step::StreamEnd;
        }
        if (r != LZMA_OK && !(r == LZMA_BUF_ERROR && !ended)) {
          why = r == LZMA_DATA_ERROR     ? "data is corrupt"
                : r == LZMA_BUF_ERROR    ? "data is truncated"
                : r == LZMA_FORMAT_ERROR ? "not xz data"
                : r == LZMA_MEM_ERROR    ? "out of memory"
                                         : "xz error " + std::to_string(static_cast<int>(r));
          return Step::Error;
        }
        mid_stream = true;  // with LZMA_CONCATENATED only LZMA_FINISH ends it
        return Step::Ok;
      }
    }
    return Step::Ok;
  }
};

DecompressingBuf::DecompressingBuf(Compression c, std::istream& source, std::unique_ptr<std::istream> owned,
                                   std::string head)
    : compression_(c),
      source_(source),
      owned_(std::move(owned)),
      codec_(std::make_unique<Codec>(c)),
      in_(std::move(head)) {
  compressed_read_ = in_.size();
  if (!codec_->ready) {
    fail("cannot start the " + std::string(compression_name(c)) + " decompressor");
    finished_ = true;
    return;
  }
  thread_ = std::thread([this] { produce(); });
}

DecompressingBuf::~DecompressingBuf() {
  if (thread_.joinable()) {
    {
      std::lock_guard lock(mutex_);
      stop_ = true;
    }
    changed_.notify_all();
    thread_.join();
  }
}

void DecompressingBuf::produce() {
  for (;;) {
    std::string block;
    {
      std::unique_lock lock(mutex_);
      changed_.wait(lock, [&] { return stop_ || ready_.size() < kAhead; });
      if (stop_) break;
      if (!spare_.empty()) {
        block = std::move(spare_.back());
        spare_.pop_back();
      }
    }
    const bool more = decompress_some(block);
    std::lock_guard lock(mutex_);
    if (more) ready_.push_back(std::move(block));
    if (!more || done_) break;
    changed_.notify_all();
  }
  {
    std::lock_guard lock(mutex_);
    finished_ = true;
  }
  changed_.notify_all();
}

void DecompressingBuf::fail(std::string why) {
  if (error_.empty()) {
    const std::uint64_t at = compressed_read_ - (in_.size() - in_pos_);
    error_ = "corrupt " + std::string(compression_name(compression_)) + " data near compressed byte " +
             std::to_string(at) + " (" + why + "); the text before it, " + std::to_string(produced_) +
             " bytes, was read";
  }
  done_ = true;
}

bool DecompressingBuf::refill_input() {
  if (source_end_) return false;
  in_.erase(0, in_pos_);
  in_pos_ = 0;
  const std::size_t old = in_.size();
  in_.resize(old + kInChunk);
  source_.read(in_.data() + old, static_cast<std::streamsize>(kInChunk));
  const auto got = static_cast<std::size_t>(source_.gcount());
  in_.resize(old + got);
  compressed_read_ += got;
  if (got == 0) source_end_ = true;
  return got > 0;
}

bool DecompressingBuf::decompress_some(std::string& out) {
  if (done_) return false;
  out.resize(kOutChunk);
  for (;;) {
    if (in_pos_ == in_.size()) refill_input();
    const bool ended = source_end_;  // all the input left is in in_
    if (ended && in_pos_ == in_.size() && !codec_->mid_stream && compression_ != Compression::Xz) {
      done_ = true;
      return false;
    }
    std::size_t consumed = 0, produced = 0;
    std::string why;
    const Step s = codec_->step(in_.data() + in_pos_, in_.size() - in_pos_, consumed, out.data(), out.size(), produced,
                                ended, why);
    in_pos_ += consumed;
    produced_ += produced;
    if (s == Step::Error) {
      fail(why);
      if (produced == 0) return false;
    }
    if (s == Step::StreamEnd && compression_ == Compression::Xz) done_ = true;  // LZMA_CONCATENATED: all streams
    if (produced > 0) {
      out.resize(produced);
      return true;
    }
    if (done_) return false;
    if (consumed == 0 && s != Step::StreamEnd) {
      // No progress: the codec needs more input than is buffered, and there is none.
      if (ended) {
        fail("the data is cut short");
        return false;
      }
      refill_input();
    }
  }
}

DecompressingBuf::int_type DecompressingBuf::underflow() {
  if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
  {
    std::unique_lock lock(mutex_);
    if (!current_.empty()) spare_.push_back(std::move(current_));
    current_.clear();
    changed_.notify_all();
    changed_.wait(lock, [&] { return !ready_.empty() || finished_; });
    if (ready_.empty()) {
      setg(nullptr, nullptr, nullptr);
      return traits_type::eof();
    }
    current_ = std::move(ready_.front());
    ready_.pop_front();
  }
  changed_.notify_all();
  setg(current_.data(), current_.data(), current_.data() + current_.size());
  return traits_type::to_int_type(*gptr());
}

DecompressingStream::DecompressingStream(Compression c, std::istream& source, std::unique_ptr<std::istream> owned,
                                         std::string head)
    : std::istream(nullptr), buf_(c, source, std::move(owned), std::move(head)) {
  rdbuf(&buf_);
}

std::string input_failure(const std::istream& in) {
  if (const auto* buf = dynamic_cast<const DecompressingBuf*>(in.rdbuf())) return buf->error();
  return {};
}

bool input_is_compressed(const std::istream& in) {
  const auto* buf = dynamic_cast<const DecompressingBuf*>(in.rdbuf());
  return buf != nullptr && buf->compression() != Compression::None;
}

// ---------------------------------------------------------------------------------------------
// Compression

struct CompressingBuf::Codec {
  Compression kind;
  ZSTD_CCtx* zstd = nullptr;
  z_stream zlib{};
  lzma_stream xz = LZMA_STREAM_INIT;
  bool ready = false;

  explicit Codec(Compression c) : kind(c) {
    switch (kind) {
      case Compression::Zstd:
        zstd = ZSTD_createCCtx();
        ready = zstd != nullptr && !ZSTD_isError(ZSTD_CCtx_setParameter(zstd, ZSTD_c_compressionLevel, 3));
        break;
      case Compression::Gzip:
        ready = deflateInit2(&zlib, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) == Z_OK;  // +16: gzip wrapper
        break;
      case Compression::Xz: ready = lzma_easy_encoder(&xz, 6, LZMA_CHECK_CRC64) == LZMA_OK; break;
      case Compression::Bzip2:
      case Compression::None: ready = false; break;
    }
  }
  ~Codec() {
    switch (kind) {
      case Compression::Zstd: ZSTD_freeCCtx(zstd); break;
      case Compression::Gzip: deflateEnd(&zlib); break;
      case Compression::Xz: lzma_end(&xz); break;
      default: break;
    }
  }
  Codec(const Codec&) = delete;
  Codec& operator=(const Codec&) = delete;

  // Compresses from `in`; returns false on an error. `finished` is set when `end` and all is out.
  bool step(const char* in, std::size_t in_len, std::size_t& consumed, char* out, std::size_t out_len,
            std::size_t& produced, bool end, bool& finished) {
    consumed = produced = 0;
    finished = false;
    switch (kind) {
      case Compression::Zstd: {
        ZSTD_inBuffer ib{in, in_len, 0};
        ZSTD_outBuffer ob{out, out_len, 0};
        const std::size_t r = ZSTD_compressStream2(zstd, &ob, &ib, end ? ZSTD_e_end : ZSTD_e_continue);
        consumed = ib.pos;
        produced = ob.pos;
        if (ZSTD_isError(r)) return false;
        finished = end && r == 0;
        return true;
      }
      case Compression::Gzip: {
        zlib.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in));
        zlib.avail_in = static_cast<uInt>(in_len);
        zlib.next_out = reinterpret_cast<Bytef*>(out);
        zlib.avail_out = static_cast<uInt>(out_len);
        const int r = deflate(&zlib, end ? Z_FINISH : Z_NO_FLUSH);
        consumed = in_len - zlib.avail_in;
        produced = out_len - zlib.avail_out;
        finished = r == Z_STREAM_END;
        return r == Z_OK || r == Z_STREAM_END || r == Z_BUF_ERROR;
      }
      case Compression::Xz: {
        xz.next_in = reinterpret_cast<const std::uint8_t*>(in);
        xz.avail_in = in_len;
        xz.next_out = reinterpret_cast<std::uint8_t*>(out);
        xz.avail_out = out_len;
        const lzma_ret r = lzma_code(&xz, end ? LZMA_FINISH : LZMA_RUN);
        consumed = in_len - xz.avail_in;
        produced = out_len - xz.avail_out;
        finished = r == LZMA_STREAM_END;
        return r == LZMA_OK || r == LZMA_STREAM_END || r == LZMA_BUF_ERROR;
      }
      default: return false;
    }
  }
};

CompressingBuf::CompressingBuf(Compression c, std::ostream& sink)
    : compression_(c), sink_(sink), codec_(std::make_unique<Codec>(c)) {
  in_.resize(kInChunk);
  out_.resize(kOutChunk);
  setp(in_.data(), in_.data() + in_.size());
  failed_ = !codec_->ready;
}

CompressingBuf::~CompressingBuf() { finish(); }

bool CompressingBuf::compress(bool end) {
  const char* p = pbase();
  std::size_t left = static_cast<std::size_t>(pptr() - pbase());
  for (;;) {
    if (failed_) break;
    std::size_t consumed = 0, produced = 0;
    bool finished = false;
    if (!codec_->step(p, left, consumed, out_.data(), out_.size(), produced, end, finished)) {
      failed_ = true;
      break;
    }
    p += consumed;
    left -= consumed;
    if (produced > 0 && !sink_.write(out_.data(), static_cast<std::streamsize>(produced))) failed_ = true;
    if (end ? finished : (left == 0 && produced < out_.size())) break;
  }
  setp(in_.data(), in_.data() + in_.size());
  return !failed_;
}

CompressingBuf::int_type CompressingBuf::overflow(int_type c) {
  if (finished_ || !compress(false)) return traits_type::eof();
  if (c != traits_type::eof()) {
    *pptr() = traits_type::to_char_type(c);
    pbump(1);
  }
  return traits_type::not_eof(c);
}

std::streamsize CompressingBuf::xsputn(const char* s, std::streamsize n) {
  std::streamsize done = 0;
  while (done < n) {
    if (pptr() == epptr() && overflow(traits_type::eof()) == traits_type::eof()) break;
    const auto room = static_cast<std::streamsize>(epptr() - pptr());
    const std::streamsize k = std::min(room, n - done);
    std::memcpy(pptr(), s + done, static_cast<std::size_t>(k));
    pbump(static_cast<int>(k));
    done += k;
  }
  return done;
}

int CompressingBuf::sync() {
  // Only the pending bytes go to the codec; the codec is not flushed (an flush per line would
  // spoil the compression), so what a reader can decompress lags until finish().
  if (finished_) return 0;
  if (!compress(false)) return -1;
  return sink_.flush() ? 0 : -1;
}

bool CompressingBuf::finish() {
  if (finished_) return !failed_;
  finished_ = true;
  compress(true);
  sink_.flush();
  if (!sink_) failed_ = true;
  return !failed_;
}

CompressingStream::CompressingStream(Compression c, std::ostream& sink) : std::ostream(nullptr), buf_(c, sink) {
  rdbuf(&buf_);
}

}  // namespace planilla
