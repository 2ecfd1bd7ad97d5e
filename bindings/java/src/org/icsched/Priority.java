package org.icsched;

import java.util.Objects;

/**
 * The priority relation G1 ▷ G2 (system (1) of the IC-Sweep paper): executing
 * all of G1's nonsinks before G2's loses no eligibility at any step.
 */
public final class Priority {
  private Priority() {
  }

  /**
   * G1 ▷ G2 by nonsource profiles (each starting with 0; see {@link Dag#nonsourceProfile(int[])}).
   *
   * @throws IcsException INVALID_ARGUMENT for an empty profile, one not starting with 0 or a negative value
   */
  public static boolean has(int[] e1, int[] e2) {
    Objects.requireNonNull(e1, "e1");
    Objects.requireNonNull(e2, "e2");
    return Sweep.priorityOfProfiles(e1, e2);
  }

  /**
   * Why G1 ▷ G2 fails: the lexicographically smallest {x, y} violating system (1),
   * E1(x) + E2(y) &gt; E1(min(s1, x + y)) + E2(max(0, x + y - s1)) with s1 = e1.length - 1
   * (running x nonsinks of G1 and y of G2 beats running G1's first); null when G1 ▷ G2.
   *
   * @throws IcsException INVALID_ARGUMENT for an empty profile, one not starting with 0 or a negative value
   */
  public static int[] violation(int[] e1, int[] e2) {
    Objects.requireNonNull(e1, "e1");
    Objects.requireNonNull(e2, "e2");
    int[] xy = Sweep.violationOfProfiles(e1, e2);
    return xy.length == 0 ? null : xy;
  }

  /**
   * G1 ▷ G2 for two dags, each through its IC-optimal schedule.
   *
   * @throws IcsException NOT_IC_OPTIMAL when a dag has no proven IC-optimal schedule
   * @throws IllegalStateException when a dag is closed
   */
  public static boolean has(Dag g1, Dag g2) {
    Objects.requireNonNull(g1, "g1");
    Objects.requireNonNull(g2, "g2");
    return Sweep.priorityOfDags(g1, g2);
  }
}
