package org.icsched;

/** How many tasks of a {@link Server} are in each state ({@link Server#counts()}). */
public final class ServerCounts {
  private final int executed;
  private final int running;
  private final int eligible;
  private final int waiting;
  private final int blocked;
  private final int failed;

  ServerCounts(int executed, int running, int eligible, int waiting, int blocked, int failed) {
    this.executed = executed;
    this.running = running;
    this.eligible = eligible;
    this.waiting = waiting;
    this.blocked = blocked;
    this.failed = failed;
  }

  public int executed() {
    return executed;
  }

  public int running() {
    return running;
  }

  public int eligible() {
    return eligible;
  }

  public int waiting() {
    return waiting;
  }

  public int blocked() {
    return blocked;
  }

  public int failed() {
    return failed;
  }

  @Override
  public String toString() {
    return "ServerCounts[executed=" + executed + ", running=" + running + ", eligible=" + eligible + ", waiting="
        + waiting + ", blocked=" + blocked + ", failed=" + failed + "]";
  }
}
