package dev.stratus.bootstrap.health;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Reads the kernel log without ever blocking past a time box. A regular file (a saved dmesg, a
 * syslog) is read from a byte offset, whole lines only. A device such as {@code /dev/kmsg} blocks
 * at its end, so a daemon thread reads it into a bounded queue (the oldest lines are dropped when
 * it is full, and counted) and callers take what has arrived.
 */
public final class KernelLog {
  /** The most read from a regular file at once; a longer backlog is read by later polls. */
  static final int MAX_CHUNK = 4 << 20;

  static final int MAX_QUEUED = 10_000;
  private static final Duration QUIET = Duration.ofMillis(300);

  private KernelLog() {}

  /** Lines read from a regular file and the offset to read on from. */
  public record Chunk(List<String> lines, long nextOffset) {}

  /**
   * The whole lines of {@code file} from {@code offset} on (at most {@link #MAX_CHUNK} bytes); a
   * file now shorter than {@code offset} (rotated, truncated) is read from the start.
   */
  public static Chunk readFile(Path file, long offset) throws IOException {
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
      long size = ch.size();
      long from = size < offset ? 0 : offset;
      int n = (int) Math.min(MAX_CHUNK, size - from);
      ByteBuffer buf = ByteBuffer.allocate(n);
      while (buf.hasRemaining() && ch.read(buf, from + buf.position()) > 0) {
        // read until the chunk is full or the file ends
      }
      byte[] bytes = buf.array();
      int end = buf.position();
      int lastNewline = -1;
      for (int i = end - 1; i >= 0; i--) {
        if (bytes[i] == '\n') {
          lastNewline = i;
          break;
        }
      }
      if (lastNewline < 0) {
        // a single line longer than a chunk is passed over rather than read forever
        return new Chunk(List.of(), end == MAX_CHUNK ? from + end : from);
      }
      String text = new String(bytes, 0, lastNewline, StandardCharsets.UTF_8);
      return new Chunk(List.of(text.split("\n", -1)), from + lastNewline + 1);
    }
  }

  /**
   * Every line the log holds now (a regular file: its last {@link #MAX_CHUNK} bytes; a device: what
   * it gives until it is quiet for 300 ms, or the time box ends).
   */
  public static List<String> readAll(Path log, Duration timeBox) throws IOException {
    if (Files.isRegularFile(log)) {
      long size = Files.size(log);
      return readFile(log, Math.max(0, size - MAX_CHUNK)).lines();
    }
    Follower f = Follower.device(log, 0);
    long deadline = System.nanoTime() + timeBox.toNanos();
    List<String> out = new ArrayList<>();
    try {
      while (System.nanoTime() < deadline) {
        long wait = Math.min(QUIET.toNanos(), deadline - System.nanoTime());
        String line = f.queue.poll(Math.max(wait, 0), TimeUnit.NANOSECONDS);
        if (line == null) {
          break;
        }
        out.add(line);
        f.queue.drainTo(out);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (f.error != null && out.isEmpty()) {
      throw f.error;
    }
    return out;
  }

  /**
   * Follows the log: each {@link #poll} returns the lines added since the last one. A regular file
   * is followed from its size when the follower starts; a device's lines are taken from a reader
   * thread, skipping those stamped before {@code sinceBootMicros} (what was logged before the
   * watcher started).
   */
  public static final class Follower implements AutoCloseable {
    private final Path file;
    private long offset;
    private final LinkedBlockingQueue<String> queue;
    private final AtomicLong dropped = new AtomicLong();
    private volatile IOException error;
    private volatile InputStream in;

    private Follower(Path file, long offset, LinkedBlockingQueue<String> queue) {
      this.file = file;
      this.offset = offset;
      this.queue = queue;
    }

    /** A regular file followed from its current end; a device from {@code sinceBootMicros}. */
    public static Follower of(Path log, long sinceBootMicros) throws IOException {
      if (Files.isRegularFile(log)) {
        return new Follower(log, Files.size(log), null);
      }
      return device(log, sinceBootMicros);
    }

    static Follower device(Path log, long sinceBootMicros) {
      Follower f = new Follower(log, 0, new LinkedBlockingQueue<>(MAX_QUEUED));
      Thread t = new Thread(() -> f.pump(sinceBootMicros), "kernel-log");
      t.setDaemon(true);
      t.start();
      return f;
    }

    private void pump(long sinceBootMicros) {
      // opened here: opening a FIFO blocks until a writer comes, and that must not block the caller
      try (InputStream stream = Files.newInputStream(file);
          BufferedReader r =
              new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8), 16 << 10)) {
        in = stream;
        while (true) {
          String line;
          try {
            line = r.readLine();
          } catch (IOException e) {
            // /dev/kmsg answers EPIPE once when the ring buffer overwrote unread records
            if (String.valueOf(e.getMessage()).contains("Broken pipe")) {
              dropped.incrementAndGet();
              continue;
            }
            throw e;
          }
          if (line == null) {
            return;
          }
          var at = KernelLogXid.bootMicros(line);
          if (at.isPresent() && at.getAsLong() < sinceBootMicros) {
            continue;
          }
          while (!queue.offer(line)) {
            queue.poll();
            dropped.incrementAndGet();
          }
        }
      } catch (IOException e) {
        error = e;
      }
    }

    /** The lines added since the last poll; never blocks on the log. */
    public List<String> poll() throws IOException {
      if (queue == null) {
        Chunk c = readFile(file, offset);
        offset = c.nextOffset();
        return c.lines();
      }
      List<String> out = new ArrayList<>();
      queue.drainTo(out);
      if (out.isEmpty() && error != null) {
        throw error;
      }
      return out;
    }

    /** Lines lost because the queue was full or the kernel overwrote them unread. */
    public long dropped() {
      return dropped.get();
    }

    @Override
    public void close() {
      InputStream s = in;
      if (s != null) {
        try {
          s.close();
        } catch (IOException e) {
          // the reader thread is a daemon; nothing to keep
        }
      }
    }
  }
}
