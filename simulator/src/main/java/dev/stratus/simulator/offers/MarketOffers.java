package dev.stratus.simulator.offers;

import dev.stratus.policy.QueueTime;
import dev.stratus.simulator.trace.Market;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Random;

/**
 * The blocks and flex offers on one market's clock. A block is usable in a tick that lies wholly in
 * its window, by a job needing no more instances than it holds. A flex request made at a tick is
 * granted at the first tick at or after the request plus its queue time, drawn once per tick from
 * the offer's queue times with the run's seed: the "flex grants" the omniscient plan reads and the
 * online policies only know the distribution of.
 */
public record MarketOffers(Market market, List<Block> blocks, List<Flex> flex, int gang) {
  public static final int NO_GRANT = Integer.MAX_VALUE;

  /** A block on the market's clock. */
  public record Block(String id, Instant start, Instant end, int instances, double usd) {}

  /**
   * A flex offer on the market's clock: {@code grantTick[t]} is when a request at tick t is
   * granted; its instance runs at most {@code maxRunTicks} whole ticks from the grant.
   */
  public record Flex(
      String id, double price, Duration maxRun, int maxRunTicks, QueueTime queue, int[] grantTick) {
    public int grant(int tick) {
      return tick < grantTick.length ? grantTick[tick] : NO_GRANT;
    }
  }

  public MarketOffers {
    blocks = List.copyOf(blocks);
    flex = List.copyOf(flex);
  }

  public static MarketOffers none(Market market) {
    return new MarketOffers(market, List.of(), List.of(), 1);
  }

  public static MarketOffers of(Market market, Offers offers, int gang, long seed) {
    List<Block> blocks =
        offers.blocks().stream()
            .map(
                b ->
                    new Block(
                        b.id(),
                        market.start().plusMillis(Math.round(b.startHour() * 3_600_000)),
                        market.start().plusMillis(Math.round(b.endHour() * 3_600_000)),
                        b.instances(),
                        b.usd()))
            .toList();
    long gap = market.gapSeconds();
    List<Flex> flex =
        offers.flex().stream()
            .map(
                f -> {
                  var random = new Random(seed * 1_000_003L + f.id().hashCode());
                  int[] grant = new int[market.ticks()];
                  for (int t = 0; t < grant.length; t++) {
                    double q = f.queueHours().get(random.nextInt(f.queueHours().size()));
                    grant[t] = t + (int) Math.ceil(q * 3600 / gap - 1e-9);
                  }
                  Duration maxRun = Duration.ofMillis(Math.round(f.maxRunHours() * 3_600_000));
                  return new Flex(
                      f.id(),
                      f.price(),
                      maxRun,
                      (int) (maxRun.toSeconds() / gap),
                      new QueueTime(
                          f.queueHours().stream()
                              .map(h -> Duration.ofMillis(Math.round(h * 3_600_000)))
                              .toList()),
                      grant);
                })
            .toList();
    return new MarketOffers(market, blocks, flex, gang);
  }

  /** Whether block {@code b} can run a job of the gang through tick {@code tick}. */
  public boolean blockUsable(int b, int tick) {
    Block block = blocks.get(b);
    return block.instances() >= gang
        && !market.time(tick).isBefore(block.start())
        && !market.time(tick + 1).isAfter(block.end());
  }

  public boolean hasBlocks() {
    return !blocks.isEmpty();
  }
}
