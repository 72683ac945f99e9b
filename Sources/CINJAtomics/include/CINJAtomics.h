// Atomic operations on a word, for the package's Swift code: C11 atomics, compiled
// into each Swift module that calls them (every function is `static inline`), so
// that a call costs what the instruction costs and ThreadSanitizer sees each
// operation with its memory order when the caller is built with it.
//
// Invariant: an `inj_atomic_word` is made by the Swift code at an address it never
// moves from (heap memory that it allocates and frees itself), initialised with
// `inj_atomic_word_init` before any other thread can reach it, and from then on read
// and written only through the functions below, until no thread can reach it any
// more. Each function names its memory order; `_Atomic` gives every operation its
// atomicity, and the asserts below check that a word's operations need no lock.
#ifndef CINJATOMICS_H
#define CINJATOMICS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

/// One word, read and written atomically: an integer, or the bits of a pointer.
typedef struct {
  _Atomic(intptr_t) value;
} inj_atomic_word;

_Static_assert(__atomic_always_lock_free(sizeof(intptr_t), 0),
               "word-sized atomics must not need a lock");
_Static_assert(sizeof(inj_atomic_word) == sizeof(intptr_t),
               "an atomic word has the size of a word");

/// Sets the word's first value, before any other thread can reach it.
static inline void inj_atomic_word_init(inj_atomic_word *_Nonnull word, intptr_t value) {
  atomic_init(&word->value, value);
}

/// Reads the word, ordering nothing else.
static inline intptr_t inj_atomic_word_load_relaxed(inj_atomic_word *_Nonnull word) {
  return atomic_load_explicit(&word->value, memory_order_relaxed);
}

/// Reads the word; what the thread that stored the value wrote before its release
/// is visible after this load.
static inline intptr_t inj_atomic_word_load_acquire(inj_atomic_word *_Nonnull word) {
  return atomic_load_explicit(&word->value, memory_order_acquire);
}

/// Writes the word, ordering nothing else.
static inline void inj_atomic_word_store_relaxed(inj_atomic_word *_Nonnull word,
                                                 intptr_t value) {
  atomic_store_explicit(&word->value, value, memory_order_relaxed);
}

/// Writes the word after everything this thread wrote before it: a thread that
/// reads the value with an acquiring load sees those writes too.
static inline void inj_atomic_word_store_release(inj_atomic_word *_Nonnull word,
                                                 intptr_t value) {
  atomic_store_explicit(&word->value, value, memory_order_release);
}

/// Adds to the word (wrapping around), ordering nothing else; returns the value it
/// had before.
static inline intptr_t inj_atomic_word_fetch_add_relaxed(inj_atomic_word *_Nonnull word,
                                                         intptr_t operand) {
  return atomic_fetch_add_explicit(&word->value, operand, memory_order_relaxed);
}

/// Replaces the word with `desired` if it holds `*expected`, acquiring; otherwise
/// stores what it holds in `*expected`, acquiring too. Returns whether it replaced it.
static inline bool inj_atomic_word_compare_exchange_acquire(inj_atomic_word *_Nonnull word,
                                                            intptr_t *_Nonnull expected,
                                                            intptr_t desired) {
  return atomic_compare_exchange_strong_explicit(&word->value, expected, desired,
                                                 memory_order_acquire, memory_order_acquire);
}

/// Replaces the word with `desired` if it holds `*expected`, acquiring and
/// releasing; otherwise stores what it holds in `*expected`, acquiring. Returns
/// whether it replaced it.
static inline bool inj_atomic_word_compare_exchange_acq_rel(inj_atomic_word *_Nonnull word,
                                                            intptr_t *_Nonnull expected,
                                                            intptr_t desired) {
  return atomic_compare_exchange_strong_explicit(&word->value, expected, desired,
                                                 memory_order_acq_rel, memory_order_acquire);
}

#endif
