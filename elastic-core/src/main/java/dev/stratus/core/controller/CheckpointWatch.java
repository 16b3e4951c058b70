package dev.stratus.core.controller;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sees a signalled job write its checkpoint, so the job is requeued then and not only when the
 * grace runs out. A job's checkpoints are the files under {@code <checkpointDir>/<job id>} (its
 * {@code STRATUS_CHECKPOINT_DIR}), three levels deep at most; names ending in {@code .tmp} or
 * starting with {@code .} are checkpoints still being written and do not count. A job has
 * checkpointed once the newest modification time there is later than it was when the job was
 * signalled (compared with the file system's own times, so the controller's clock does not matter).
 *
 * <p>Works when the controller sees the checkpoint directory at the same path as the nodes (a
 * shared file system); otherwise nothing is ever seen and the grace decides, as before. Safe from
 * any thread; in memory only (a restart loses the watches, and the grace decides).
 */
final class CheckpointWatch {
  private static final Logger log = LoggerFactory.getLogger(CheckpointWatch.class);
  private static final int DEPTH = 3;

  /** One signalled job on a noticed instance's node (a shared node has several). */
  private record Key(String instanceId, long jobId) {}

  private final Optional<Path> dir;
  private final Map<Key, Optional<FileTime>> newestAtSignal = new ConcurrentHashMap<>();

  /** {@code checkpointDir}: spot.checkpointDir; empty turns the watch off. */
  CheckpointWatch(String checkpointDir) {
    this.dir = checkpointDir.isEmpty() ? Optional.empty() : Optional.of(Path.of(checkpointDir));
  }

  /** Call before the job on {@code instanceId} is signalled: remembers its newest checkpoint. */
  void signalling(String instanceId, long jobId) {
    dir.ifPresent(d -> newestAtSignal.put(new Key(instanceId, jobId), newest(d, jobId)));
  }

  /** The job was requeued: no more watching. */
  void forget(String instanceId, long jobId) {
    newestAtSignal.remove(new Key(instanceId, jobId));
  }

  /** The notice on {@code instanceId} is done: none of its jobs needs watching. */
  void forget(String instanceId) {
    newestAtSignal.keySet().removeIf(k -> k.instanceId().equals(instanceId));
  }

  /** Jobs that wrote a checkpoint since they were signalled. */
  Set<Long> checkpointed() {
    if (dir.isEmpty()) {
      return Set.of();
    }
    return newestAtSignal.entrySet().stream()
        .filter(w -> isNewer(newest(dir.get(), w.getKey().jobId()), w.getValue()))
        .map(w -> w.getKey().jobId())
        .collect(Collectors.toUnmodifiableSet());
  }

  private static boolean isNewer(Optional<FileTime> now, Optional<FileTime> before) {
    return now.isPresent() && (before.isEmpty() || now.get().compareTo(before.get()) > 0);
  }

  /** The newest modification time of a finished checkpoint file of the job; empty if none. */
  static Optional<FileTime> newest(Path checkpointDir, long jobId) {
    Path jobDir = checkpointDir.resolve(Long.toString(jobId));
    try (Stream<Path> files =
        Files.find(jobDir, DEPTH, (p, attrs) -> attrs.isRegularFile() && finished(p))) {
      return files.map(CheckpointWatch::modified).max(FileTime::compareTo);
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException | UncheckedIOException e) {
      // A file renamed or removed while we walk is normal; anything else is worth a line.
      log.debug("cannot read checkpoints of job {} under {}: {}", jobId, jobDir, e.getMessage());
      return Optional.empty();
    }
  }

  private static boolean finished(Path file) {
    String name = file.getFileName().toString();
    return !name.startsWith(".") && !name.endsWith(".tmp");
  }

  private static FileTime modified(Path file) {
    try {
      return Files.readAttributes(file, BasicFileAttributes.class).lastModifiedTime();
    } catch (IOException e) {
      return FileTime.fromMillis(0);
    }
  }
}
