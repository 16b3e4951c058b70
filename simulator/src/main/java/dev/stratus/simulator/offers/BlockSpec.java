package dev.stratus.simulator.offers;

/**
 * A reserved block as the command line gives it ({@code --block start=H,end=H,instances=N,usd=X}):
 * its window in hours of the traces, its instances, and its price for the whole window.
 */
public record BlockSpec(String id, double startHour, double endHour, int instances, double usd) {
  public BlockSpec {
    if (!(startHour >= 0) || !(endHour > startHour)) {
      throw new IllegalArgumentException(
          "--block " + id + ": end=" + endHour + " must be after start=" + startHour + " >= 0");
    }
    if (instances < 1) {
      throw new IllegalArgumentException(
          "--block " + id + ": instances must be >= 1, got " + instances);
    }
    if (!(usd >= 0)) {
      throw new IllegalArgumentException("--block " + id + ": usd must be >= 0, got " + usd);
    }
  }
}
