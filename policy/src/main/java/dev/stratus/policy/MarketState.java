package dev.stratus.policy;

/** Spot availability now and how many intervals it has lasted, as one small integer. */
final class MarketState {
  static final int COUNT = 2 * LifetimeModel.AGES;

  private MarketState() {}

  static int of(boolean available, int age) {
    int a = Math.min(Math.max(age, 1), LifetimeModel.AGES);
    return (available ? LifetimeModel.AGES : 0) + a - 1;
  }

  static boolean available(int state) {
    return state >= LifetimeModel.AGES;
  }

  static int age(int state) {
    return state % LifetimeModel.AGES + 1;
  }
}
