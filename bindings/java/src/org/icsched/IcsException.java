package org.icsched;

import java.nio.charset.StandardCharsets;

/**
 * An error reported by the icsched C library: every status other than
 * {@code ICS_OK} becomes one of these, with the library's status code and the
 * message of {@code ics_last_error_message()}.
 */
public class IcsException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final int codeValue;

  /** Called from the JNI layer; the message comes as UTF-8 bytes. */
  IcsException(int code, byte[] utf8Message) {
    this(code, new String(utf8Message, StandardCharsets.UTF_8));
  }

  public IcsException(int code, String message) {
    super(message);
    this.codeValue = code;
  }

  public IcsException(Status code, String message) {
    this(code.swigValue(), message);
  }

  /**
   * The status. A code this binding does not know (a newer library) is
   * reported as {@link Status#INTERNAL}; {@link #getCodeValue()} has the raw value.
   */
  public Status getCode() {
    for (Status s : Status.values()) {
      if (s.swigValue() == codeValue) {
        return s;
      }
    }
    return Status.INTERNAL;
  }

  /** The raw {@code ics_status} value (negative). */
  public int getCodeValue() {
    return codeValue;
  }

  @Override
  public String toString() {
    return getClass().getName() + "[" + getCode() + "]: " + getMessage();
  }
}
