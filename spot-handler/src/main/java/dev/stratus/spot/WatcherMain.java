package dev.stratus.spot;

import dev.stratus.wire.Durations;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Entry point the node-bootstrap agent starts on each spot node: {@code WatcherMain --cloud
 * aws|gcp|azure --sink URL [--metadata URL] [--instance ID] [--interval 5s] [--sink-timeout 10s]}.
 * Runs until killed. Exit status 2 for bad arguments. See {@code spot-handler/README.md}.
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
    NoticeWatcher watcher = watcher(Clock.systemUTC());
    new WatcherLoop(watcher, d -> Thread.sleep(d.toMillis()), Duration.ofSeconds(30)).run();
    return 0;
  }

  /** The watcher these arguments describe. */
  NoticeWatcher watcher(Clock clock) {
    URI base = metadata == null ? URI.create("http://169.254.169.254") : metadata;
    Optional<String> id = Optional.ofNullable(instance);
    NoticeSink out = new HttpNoticeSink(sink, sinkTimeout);
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
