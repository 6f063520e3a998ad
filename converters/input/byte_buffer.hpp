// ByteBuffer: an owning run of bytes that grows in place.
//
// The read buffer and a game's bytes as read are held in one. std::string grows by allocating a
// new block and copying into it, so while a 150 MiB game's buffer grew from 128 to 256 MiB both
// blocks were resident: 256 MiB for a 150 MiB game, where the bound is the game plus 64 MiB
// (README "Limits"). ByteBuffer grows with realloc(), which glibc serves for large blocks (those
// above its mmap threshold, at most 32 MiB) with mremap(): the pages move, nothing is copied, and
// the pages reserved past the bytes written are not resident until they are written. Growth
// below the threshold may copy, at most 32 MiB at a time.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <new>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>

namespace planilla {

class ByteBuffer {
 public:
  ByteBuffer() = default;
  explicit ByteBuffer(std::string_view bytes) { assign(bytes); }
  ByteBuffer(const ByteBuffer& other) { assign(other.view()); }
  ByteBuffer(ByteBuffer&& other) noexcept
      : data_(std::exchange(other.data_, nullptr)),
        size_(std::exchange(other.size_, 0)),
        capacity_(std::exchange(other.capacity_, 0)) {}
  ByteBuffer& operator=(const ByteBuffer& other) {
    if (this != &other) assign(other.view());
    return *this;
  }
  ByteBuffer& operator=(ByteBuffer&& other) noexcept {
    ByteBuffer taken(std::move(other));
    swap(taken);
    return *this;
  }
  ~ByteBuffer() { std::free(data_); }

  char* data() { return data_; }
  const char* data() const { return data_; }
  std::size_t size() const { return size_; }
  std::size_t capacity() const { return capacity_; }
  bool empty() const { return size_ == 0; }
  std::string_view view() const { return {data_, size_}; }
  operator std::string_view() const { return view(); }  // NOLINT: read as text everywhere
  std::string_view substr(std::size_t at, std::size_t n = std::string_view::npos) const { return view().substr(at, n); }

  // Room for `n` bytes in all, in place when the allocator can (see above).
  void reserve(std::size_t n) {
    if (n <= capacity_) return;
    void* grown = std::realloc(data_, n);
    if (!grown) throw std::bad_alloc();
    data_ = static_cast<char*>(grown);
    capacity_ = n;
  }
  // `n` bytes; bytes past the old size are left unwritten (the caller writes them), and the room
  // grows by half again at least, so that growing a chunk at a time is not quadratic.
  void resize_for_overwrite(std::size_t n) {
    if (n > capacity_) reserve(std::max(n, capacity_ + capacity_ / 2));
    size_ = n;
  }
  // Shorter only: keeps the first `n` bytes.
  void truncate(std::size_t n) { size_ = std::min(size_, n); }
  void assign(std::string_view bytes) {
    size_ = 0;
    if (bytes.size() > capacity_) {  // (realloc() would copy the old bytes, about to be replaced)
      std::free(std::exchange(data_, nullptr));
      capacity_ = 0;
      reserve(bytes.size());
    }
    if (!bytes.empty()) std::memcpy(data_, bytes.data(), bytes.size());
    size_ = bytes.size();
  }
  // Drops the first `n` bytes (the rest moves to the front; the room stays).
  void erase_front(std::size_t n) {
    n = std::min(n, size_);
    if (n == 0) return;
    std::memmove(data_, data_ + n, size_ - n);
    size_ -= n;
  }
  void swap(ByteBuffer& other) noexcept {
    std::swap(data_, other.data_);
    std::swap(size_, other.size_);
    std::swap(capacity_, other.capacity_);
  }

  friend bool operator==(const ByteBuffer& a, std::string_view b) { return a.view() == b; }
  friend std::ostream& operator<<(std::ostream& out, const ByteBuffer& b) {
    return out.write(b.data_, static_cast<std::streamsize>(b.size_));
  }

 private:
  char* data_ = nullptr;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

}  // namespace planilla
