// Atomic operations on a word, for the package's Swift code: C11 atomics, compiled
// into each Swift module that calls them (every function is `static inline`), so
// that a call costs what the instruction costs and ThreadSanitizer sees each
// operation with its memory order when the caller is built with it.
//
// Each function is marked as releasing no Swift object (`@_effects(releasenone)`,
// through `swift_attr`): the Swift optimizer cannot see into a C function, and would
// otherwise keep every object alive across the call with a retain and a release,
// which costs more than the atomic operation. What the functions read and write
// stays unknown to it, so it moves no memory access across them.
//
// Invariant: an `inj_atomic_word` lives at an address it never moves from: heap
// memory from `inj_atomic_words_create` (freed with `inj_atomic_words_destroy`), or a
// word inside a Swift object that outlives every use. It gets its first value before
// any other thread can reach it, and from then on is read and written only through the
// functions below, until no thread can reach it any more. Each function names its memory
// order, or takes one of those its comment lists; `_Atomic` gives every operation its
// atomicity, and the asserts below check that a word's operations need no lock.
#ifndef CINJATOMICS_H
#define CINJATOMICS_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

/// How every function below is declared: inline where it is called, releasing nothing.
/// The module is compiled only by the Swift toolchain's clang, which knows `swift_attr`.
#define INJ_ATOMIC_FUNCTION                                                                      \
  static inline __attribute__((always_inline, swift_attr("@_effects(releasenone)")))

/// One word, read and written atomically: an integer, or the bits of a pointer.
typedef struct {
  _Atomic(intptr_t) value;
} inj_atomic_word;

_Static_assert(__atomic_always_lock_free(sizeof(intptr_t), 0),
               "word-sized atomics must not need a lock");
_Static_assert(sizeof(inj_atomic_word) == sizeof(intptr_t),
               "an atomic word has the size of a word");

/// `count` words on the heap, each holding `value`; NULL when memory runs out. Plain
/// `malloc`: the Swift runtime's allocation of a typed pointer takes the slower aligned
/// path, and a word needs no more than the alignment `malloc` gives.
INJ_ATOMIC_FUNCTION inj_atomic_word *_Nullable inj_atomic_words_create(intptr_t count,
                                                                        intptr_t value) {
  inj_atomic_word *words = (inj_atomic_word *)malloc(sizeof(inj_atomic_word) * (size_t)count);
  if (words) {
    for (intptr_t index = 0; index < count; index++) {
      atomic_init(&words[index].value, value);
    }
  }
  return words;
}

/// Frees words from `inj_atomic_words_create`, once no thread can reach them.
INJ_ATOMIC_FUNCTION void inj_atomic_words_destroy(inj_atomic_word *_Nonnull words) {
  free(words);
}

/// Reads the word with `order`: `memory_order_relaxed`, which orders nothing else, or
/// `memory_order_acquire`, after which what the thread that stored the value wrote
/// before its release is visible.
INJ_ATOMIC_FUNCTION intptr_t inj_atomic_word_load(inj_atomic_word *_Nonnull word,
                                                  memory_order order) {
  return atomic_load_explicit(&word->value, order);
}

/// Writes the word with `order`: `memory_order_relaxed`, which orders nothing else, or
/// `memory_order_release`, after everything this thread wrote before it, so that a
/// thread that reads the value with an acquiring load sees those writes too.
INJ_ATOMIC_FUNCTION void inj_atomic_word_store(inj_atomic_word *_Nonnull word, intptr_t value,
                                               memory_order order) {
  atomic_store_explicit(&word->value, value, order);
}

/// Adds to the word (wrapping around), ordering nothing else; returns the value it
/// had before.
INJ_ATOMIC_FUNCTION intptr_t inj_atomic_word_fetch_add_relaxed(inj_atomic_word *_Nonnull word,
                                                               intptr_t operand) {
  return atomic_fetch_add_explicit(&word->value, operand, memory_order_relaxed);
}

/// Replaces the word with `desired` if it holds `*expected`, with `order`
/// (`memory_order_acquire`, or `memory_order_acq_rel` to release too); otherwise stores
/// what it holds in `*expected`, acquiring. Returns whether it replaced it.
INJ_ATOMIC_FUNCTION bool inj_atomic_word_compare_exchange(inj_atomic_word *_Nonnull word,
                                                          intptr_t *_Nonnull expected,
                                                          intptr_t desired, memory_order order) {
  return atomic_compare_exchange_strong_explicit(&word->value, expected, desired, order,
                                                 memory_order_acquire);
}

#endif
