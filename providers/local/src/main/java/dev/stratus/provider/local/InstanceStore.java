package dev.stratus.provider.local;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The local cloud's state: {@code <stateDir>/instances/<id>.json}, each written atomically (temp
 * file, fsync, rename), so a crash leaves either the old or the new record, never half of one. Safe
 * for concurrent use: each write has a temp file of its own, and a record deleted while it is read
 * or listed is simply absent.
 */
final class InstanceStore {
  private static final Pattern ID = Pattern.compile("local-[0-9a-f]{8}");
  private static final ObjectMapper JSON = new ObjectMapper();
  private final Path dir;

  InstanceStore(Path stateDir) {
    this.dir = stateDir.resolve("instances");
  }

  static boolean validId(String id) {
    return id != null && ID.matcher(id).matches();
  }

  void write(InstanceRecord record) {
    try {
      Files.createDirectories(dir);
      Path temp = Files.createTempFile(dir, "." + record.id() + "-", ".tmp");
      Files.write(temp, JSON.writeValueAsBytes(record));
      try (FileChannel ch = FileChannel.open(temp, StandardOpenOption.WRITE)) {
        ch.force(true);
      }
      Files.move(temp, file(record.id()), StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write instance record " + file(record.id()), e);
    }
  }

  Optional<InstanceRecord> read(String id) {
    if (!validId(id)) {
      return Optional.empty();
    }
    try {
      return Optional.of(JSON.readValue(Files.readAllBytes(file(id)), InstanceRecord.class));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read instance record " + file(id), e);
    }
  }

  List<InstanceRecord> all() {
    List<InstanceRecord> records = new ArrayList<>();
    if (!Files.isDirectory(dir)) {
      return records;
    }
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "local-*.json")) {
      for (Path f : files) {
        String id = f.getFileName().toString().replace(".json", "");
        read(id).ifPresent(records::add);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + dir, e);
    }
    return records;
  }

  void delete(String id) {
    try {
      Files.deleteIfExists(file(id));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete " + file(id), e);
    }
  }

  private Path file(String id) {
    return dir.resolve(id + ".json");
  }
}
