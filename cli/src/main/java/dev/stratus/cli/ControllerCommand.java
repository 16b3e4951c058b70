package dev.stratus.cli;

import dev.stratus.core.config.StratusConfig;
import dev.stratus.daemon.ControllerRuntime;
import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code stratus controller --config stratus.yaml}: runs until SIGTERM or SIGINT. */
@Command(
    name = "controller",
    mixinStandardHelpOptions = true,
    description = "Run the elastic controller in the foreground.")
public final class ControllerCommand implements Callable<Integer> {
  @Mixin ConfigOption config;

  @Override
  public Integer call() throws Exception {
    Optional<StratusConfig> loaded = config.load();
    if (loaded.isEmpty()) {
      return 2;
    }
    StratusConfig cfg = loaded.get();
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
