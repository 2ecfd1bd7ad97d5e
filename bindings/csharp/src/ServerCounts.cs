namespace IcSched {

/// <summary>How many tasks of a Server are in each state (Server.Counts).</summary>
public sealed class ServerCounts {
  internal ServerCounts(int executed, int running, int eligible, int waiting, int blocked, int failed) {
    Executed = executed;
    Running = running;
    Eligible = eligible;
    Waiting = waiting;
    Blocked = blocked;
    Failed = failed;
  }

  public int Executed { get; private set; }
  public int Running { get; private set; }
  public int Eligible { get; private set; }
  public int Waiting { get; private set; }
  public int Blocked { get; private set; }
  public int Failed { get; private set; }

  public override string ToString() {
    return "ServerCounts[Executed=" + Executed + ", Running=" + Running + ", Eligible=" + Eligible + ", Waiting=" +
           Waiting + ", Blocked=" + Blocked + ", Failed=" + Failed + "]";
  }
}

}
