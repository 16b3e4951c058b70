package dev.stratus.core.cli;

import dev.stratus.core.config.ConfigLoader;
import dev.stratus.core.config.StratusConfig;
import dev.stratus.core.runtime.ControllerRuntime;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code stratus controller --config stratus.yaml}: runs until SIGTERM or SIGINT. */
@Command(
    name = "controller",
    mixinStandardHelpOptions = true,
    description = "Run the elastic controller in the foreground.")
public final class ControllerCommand implements Callable<Integer> {
  @Option(names = "--config", required = true, description = "stratus.yaml")
  Path config;

  @Override
  public Integer call() throws Exception {
    StratusConfig cfg;
    try {
      cfg = ConfigLoader.load(config);
    } catch (IllegalArgumentException e) {
      System.err.println("stratus: " + e.getMessage());
      return 2;
    }
    CountDownLatch stopped = new CountDownLatch(1);
    ControllerRuntime runtime = ControllerRuntime.start(cfg, Clock.systemUTC());
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  runtime.close();
                  stopped.countDown();
                }));
    stopped.await();
    return 0;
  }
}
