package dev.stratus.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/**
 * {@code stratus --version}: the build's project version, which Maven writes into {@code
 * version.properties} when it copies the resources; the package's version is made from it too.
 */
public final class Version implements IVersionProvider {
  static final String RESOURCE = "version.properties";

  /** E.g. {@code 0.1.0-SNAPSHOT}. */
  public static String current() {
    try (InputStream in = Version.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(RESOURCE + " is missing from the class path");
      }
      Properties p = new Properties();
      p.load(in);
      return p.getProperty("version");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public String[] getVersion() {
    return new String[] {"stratus " + current()};
  }
}
