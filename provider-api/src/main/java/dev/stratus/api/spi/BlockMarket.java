package dev.stratus.api.spi;

import dev.stratus.api.model.BlockOffer;
import dev.stratus.api.model.CapacityReservation;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Optional capability of a {@link NodeProvider} whose cloud sells blocks of capacity for a fixed
 * window at an up-front price (EC2 Capacity Blocks for ML). Buying spends real money: the
 * controller only calls {@link #purchase} when the operator allowed it, within a budget and a price
 * cap, and a dry run first.
 */
public interface BlockMarket {
  /**
   * The blocks on sale of {@code instances} instances of {@code instanceType} for {@code duration},
   * starting between {@code earliestStart} and {@code latestStart}, cheapest first. {@link
   * ProviderException} when the cloud could not be asked or refused the question (a duration it
   * does not sell names the valid ones in the message).
   */
  List<BlockOffer> offers(
      String instanceType,
      int instances,
      Duration duration,
      Instant earliestStart,
      Instant latestStart);

  /**
   * Buys the block. With {@code dryRun} the cloud only checks that the purchase would succeed (EC2
   * {@code DryRun}: {@code DryRunOperation} means it would) and nothing is bought: the returned
   * reservation is then what would have been made, in state {@code PENDING}. {@link
   * ProviderException} when the cloud refuses (the offer is gone, not permitted).
   */
  CapacityReservation purchase(BlockOffer offer, boolean dryRun);
}
