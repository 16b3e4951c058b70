package dev.stratus.spot;

import dev.stratus.wire.ControllerTrust;
import dev.stratus.wire.Durations;
import dev.stratus.wire.KeyFiles;
import dev.stratus.wire.RequestSigner;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Entry point each spot node runs once its agent is done: {@code WatcherMain --cloud aws|gcp|azure
 * --sink URL --node NAME --key-file FILE [--ca-file PEM] [--metadata URL] [--instance ID]
 * [--interval 5s] [--sink-timeout 10s]}. Every request to the controller is signed with the node's
 * key, which the agent wrote to {@code --key-file} (mode 0400). Runs until killed. Exit status 2
 * for bad arguments or an unusable key or CA file. See {@code spot-handler/README.md}.
 */
@Command(
    name = "stratus-spot-watcher",
    mixinStandardHelpOptions = true,
    description =
        "Watches this node's cloud metadata service for interruption notices and reports"
            + " each one once to the Stratus controller.")
public final class WatcherMain implements Callable<Integer> {
  /** Which metadata service to watch. */
  public enum Cloud {
    aws,
    gcp,
    azure
  }

  @Option(names = "--cloud", required = true, description = "aws, gcp or azure")
  Cloud cloud;

  @Option(names = "--sink", required = true, description = "controller URL notices are POSTed to")
  URI sink;

  @Option(
      names = "--node",
      required = true,
      description = "this node's Slurm name: the controller checks the signature against it")
  String node;

  @Option(
      names = "--key-file",
      required = true,
      description = "the node's signing key (0400), written by the node's agent")
  Path keyFile;

  @Option(
      names = "--ca-file",
      description = "PEM certificate(s) to trust for an https sink (default: the JVM's CAs)")
  Path caFile;

  @Option(
      names = "--metadata",
      description = "metadata service base URL (default http://169.254.169.254)")
  URI metadata;

  @Option(
      names = "--instance",
      description = "instance id / VM name to report (default: asked from the metadata service)")
  String instance;

  @Option(
      names = "--interval",
      converter = DurationConverter.class,
      description =
          "pause between polls, e.g. 5s or 500ms (default aws 5s, azure 1s; gcp"
              + " long-polls and uses it as the wait_for_change timeout, default 60s)")
  Duration interval;

  @Option(
      names = "--sink-timeout",
      converter = DurationConverter.class,
      defaultValue = "10s",
      description = "how long to wait for the controller to accept a notice (default 10s)")
  Duration sinkTimeout;

  public static void main(String[] args) {
    System.exit(new CommandLine(new WatcherMain()).execute(args));
  }

  @Override
  public Integer call() {
    NoticeSink out;
    try {
      out = sink(Clock.systemUTC());
    } catch (IOException | IllegalArgumentException e) {
      System.err.println("stratus-spot-watcher: " + e.getMessage());
      return 2;
    }
    NoticeWatcher watcher = watcher(Clock.systemUTC(), out);
    new WatcherLoop(watcher, d -> Thread.sleep(d.toMillis()), Duration.ofSeconds(30)).run();
    return 0;
  }

  /** The controller as these arguments name it, signing as {@code --node}. */
  NoticeSink sink(Clock clock) throws IOException {
    return new HttpNoticeSink(
        sink,
        sinkTimeout,
        new RequestSigner(node, KeyFiles.read(keyFile), clock),
        caFile == null ? Optional.empty() : Optional.of(ControllerTrust.trusting(caFile)));
  }

  /** The watcher these arguments describe, reporting to {@code out}. */
  NoticeWatcher watcher(Clock clock, NoticeSink out) {
    URI base = metadata == null ? URI.create("http://169.254.169.254") : metadata;
    Optional<String> id = Optional.ofNullable(instance);
    switch (cloud) {
      case aws:
        return new AwsImdsWatcher(base, id, out, clock, orDefault(AwsImdsWatcher.DEFAULT_INTERVAL));
      case gcp:
        return new GcpMetadataWatcher(
            base, id, out, clock, orDefault(GcpMetadataWatcher.DEFAULT_WAIT));
      default:
        return new AzureScheduledEventsWatcher(
            base, id, out, clock, orDefault(AzureScheduledEventsWatcher.DEFAULT_INTERVAL));
    }
  }

  private Duration orDefault(Duration d) {
    return interval == null ? d : interval;
  }

  /**
   * A duration as stratus.yaml writes it ({@link Durations}: {@code 500ms}, {@code 5s}, {@code
   * 1m30s}, {@code PT10S}); zero is refused, as a zero pause would spin on the metadata service.
   */
  static final class DurationConverter implements CommandLine.ITypeConverter<Duration> {
    @Override
    public Duration convert(String value) {
      Duration d;
      try {
        d = Durations.parse(value);
      } catch (IllegalArgumentException e) {
        throw new CommandLine.TypeConversionException(e.getMessage());
      }
      if (d.isZero() || d.isNegative()) {
        throw new CommandLine.TypeConversionException(
            "'" + value + "' is not a positive duration like 500ms, 5s or 2m");
      }
      return d;
    }
  }
}
