package dev.stratus.bootstrap.secret;

/**
 * Where a node gets its munge key. {@link #fetch} returns the key's raw bytes, at least {@link
 * #MIN_KEY_BYTES} long; the caller owns the array and zeroes it once the key is written. A source
 * never puts key bytes or credentials into an exception message: messages name the step and the
 * place (path, Vault address, KV path), never a value.
 */
public interface MungeKeySource {
  /** munged refuses keys shorter than this (MUNGE_KEY_LEN_MIN_BYTES). */
  int MIN_KEY_BYTES = 32;

  byte[] fetch() throws KeySourceException;
}
