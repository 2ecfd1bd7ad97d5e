namespace IcSched {

/// <summary>
/// An error reported by the icsched C library: every status other than
/// ICS_OK becomes an IcsException carrying the status and the message of
/// ics_last_error_message().
/// </summary>
[global::System.Serializable]
public class IcsException : global::System.Exception {
  private readonly int codeValue;

  public IcsException(Status code, string message) : this((int) code, message) {
  }

  internal IcsException(int code, string message) : base(message) {
    codeValue = code;
  }

  protected IcsException(global::System.Runtime.Serialization.SerializationInfo info,
                         global::System.Runtime.Serialization.StreamingContext context)
      : base(info, context) {
    codeValue = info.GetInt32("IcsCode");
  }

  public override void GetObjectData(global::System.Runtime.Serialization.SerializationInfo info,
                                     global::System.Runtime.Serialization.StreamingContext context) {
    base.GetObjectData(info, context);
    info.AddValue("IcsCode", codeValue);
  }

  /// <summary>The status; a code unknown to this binding (newer library) reads as Status.Internal.</summary>
  public Status Code {
    get {
      return global::System.Enum.IsDefined(typeof(Status), codeValue) ? (Status) codeValue : Status.Internal;
    }
  }

  /// <summary>The raw ics_status value (negative).</summary>
  public int CodeValue {
    get { return codeValue; }
  }

  public override string ToString() {
    return GetType().FullName + "[" + Code + "]: " + Message;
  }
}

}
