package dev.stratus.core.controller;

import dev.stratus.api.model.Pool;
import dev.stratus.core.render.BlockWindows;
import dev.stratus.core.slurm.SlurmCommandException;
import dev.stratus.core.slurm.SlurmReservation;
import dev.stratus.core.slurm.SlurmReservations;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps Slurm's maintenance reservations of the block pools as {@link BlockWindows} wants them,
 * once per pass: deletes the ones of ours it no longer wants, then updates and creates. Only
 * reservations named {@code stratus_*} are touched. A Slurm refusal is logged and tried again the
 * next pass.
 */
final class BlockReservationSync {
  private static final Logger log = LoggerFactory.getLogger(BlockReservationSync.class);

  private final Optional<SlurmReservations> slurm;

  BlockReservationSync(Optional<SlurmReservations> slurm) {
    this.slurm = slurm;
  }

  void sync(List<Pool> pools, Instant now) {
    if (slurm.isEmpty() || pools.stream().noneMatch(p -> BlockWindows.blockOf(p).isPresent())) {
      return;
    }
    SlurmReservations s = slurm.get();
    try {
      List<SlurmReservation> wanted = BlockWindows.wanted(pools, now);
      Map<String, SlurmReservation> have =
          s.reservations().stream()
              .filter(BlockWindows::ours)
              .collect(Collectors.toMap(SlurmReservation::name, Function.identity()));
      for (SlurmReservation h : have.values()) {
        if (wanted.stream().noneMatch(w -> w.name().equals(h.name()))) {
          log.info("deleting Slurm reservation {}: its block window changed", h.name());
          s.deleteReservation(h.name());
        }
      }
      for (SlurmReservation w : wanted) {
        SlurmReservation h = have.get(w.name());
        if (h == null) {
          log.info(
              "creating Slurm maintenance reservation {} on {}: {} to {}",
              w.name(),
              w.nodes(),
              w.start(),
              w.end());
          s.createReservation(w);
        } else {
          boolean started = !h.start().isAfter(now);
          if (differs(h, w, started)) {
            log.info(
                "updating Slurm reservation {}: {} to {} on {}",
                w.name(),
                w.start(),
                w.end(),
                w.nodes());
            s.updateReservation(w, started);
          }
        }
      }
    } catch (SlurmCommandException e) {
      log.warn("cannot bring Slurm's block reservations up to date: {}", e.getMessage());
    }
  }

  private static boolean differs(SlurmReservation have, SlurmReservation want, boolean started) {
    return !seconds(have.end()).equals(seconds(want.end()))
        || !have.nodes().equals(want.nodes())
        || (!started && !seconds(have.start()).equals(seconds(want.start())));
  }

  private static Instant seconds(Instant t) {
    return t.truncatedTo(ChronoUnit.SECONDS);
  }
}
