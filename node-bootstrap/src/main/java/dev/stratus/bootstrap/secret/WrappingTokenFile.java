package dev.stratus.bootstrap.secret;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;

/**
 * Reads the wrapping token from its file and removes the file at once: the token works only once,
 * and after this call it exists nowhere on disk. The file is overwritten with zeros before it is
 * unlinked, so the bytes do not linger in a block a later file may get.
 */
final class WrappingTokenFile {
  private WrappingTokenFile() {}

  static String take(Path file) throws KeySourceException {
    byte[] raw = null;
    try {
      raw = Files.readAllBytes(file);
      String token = new String(raw, StandardCharsets.US_ASCII).strip();
      if (token.isEmpty()) {
        throw new KeySourceException("vault unwrap: wrapping token file " + file + " is empty");
      }
      return token;
    } catch (IOException e) {
      throw new KeySourceException(
          "vault unwrap: cannot read wrapping token file " + file + ": " + e.getClass().getName());
    } finally {
      if (raw != null) {
        Arrays.fill(raw, (byte) 0);
      }
      shred(file);
    }
  }

  private static void shred(Path file) {
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
      long size = ch.size();
      ByteBuffer zeros = ByteBuffer.allocate((int) Math.min(size, 1 << 16));
      for (long done = 0; done < size; ) {
        zeros.clear().limit((int) Math.min(zeros.capacity(), size - done));
        done += ch.write(zeros, done);
      }
      ch.force(true);
    } catch (IOException e) {
      // unreadable or gone: deletion below is what matters
    }
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      // reported by the caller's next step at worst; the token is single-use either way
    }
  }
}
