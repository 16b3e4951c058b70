package dev.stratus.core.money;

import static dev.stratus.api.model.Checks.notBlank;
import static dev.stratus.api.model.Checks.notNull;

import dev.stratus.api.model.BlockOffer;
import java.math.BigDecimal;
import java.util.Optional;

/**
 * Whether Stratus may buy a block (pure): only under the operator's price cap and within what the
 * named budget has left now. A block is paid up front, so its whole price counts against the budget
 * at purchase.
 */
public record BlockPurchase(
    BlockOffer offer, BigDecimal maxUsd, String budget, BigDecimal budgetRemaining) {
  public BlockPurchase {
    notNull("offer", offer);
    notNull("maxUsd", maxUsd);
    notBlank("budget", budget);
    notNull("budgetRemaining", budgetRemaining);
  }

  /** Why not, or empty when the purchase may go ahead. */
  public Optional<String> refusal() {
    BigDecimal price = offer.upfrontUsd();
    if (price.compareTo(maxUsd) > 0) {
      return Optional.of(
          "offer "
              + offer.offerId()
              + " costs "
              + Money.format(price)
              + ", over the cap of "
              + Money.format(maxUsd)
              + " (--max-usd)");
    }
    if (price.compareTo(budgetRemaining) > 0) {
      return Optional.of(
          "offer "
              + offer.offerId()
              + " costs "
              + Money.format(price)
              + ", more than budget "
              + budget
              + " has left ("
              + Money.format(budgetRemaining)
              + ")");
    }
    return Optional.empty();
  }
}
