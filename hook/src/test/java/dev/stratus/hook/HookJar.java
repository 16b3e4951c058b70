package dev.stratus.hook;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * The hook's class path as jars, as in a distribution: AppCDS cannot archive classes loaded from a
 * directory, and under Maven elastic-core's classes are in target/classes.
 */
final class HookJar {
  private HookJar() {}

  static List<Path> classPathAsJars(Path workDir) throws IOException {
    List<Path> out = new ArrayList<>();
    for (Path p : LauncherSpec.minimalClassPath()) {
      out.add(Files.isDirectory(p) ? jar(p, workDir.resolve("stratus-hook.jar")) : p);
    }
    return out;
  }

  private static Path jar(Path classes, Path jar) throws IOException {
    try (OutputStream os = Files.newOutputStream(jar);
        JarOutputStream out = new JarOutputStream(os);
        Stream<Path> files = Files.walk(classes)) {
      for (Path f : files.filter(Files::isRegularFile).sorted().toList()) {
        out.putNextEntry(new JarEntry(classes.relativize(f).toString().replace('\\', '/')));
        Files.copy(f, out);
        out.closeEntry();
      }
    }
    return jar;
  }
}
