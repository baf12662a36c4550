/**
 * Why the monitor cannot see a planted fault in the suites' traffic, for the reasons several faults
 * share (a fault's `notInTraffic`, declaration.ts); a reason of one fault stays in its declaration.
 */
export const NOT_IN_TRAFFIC = {
  stateReadBack:
    'its effect is a state: only a read-back set against the write shows it, and the traffic rules judge messages, not a model of the data',
  stateBeyondWrite:
    'its effect is a state beyond the written object: only a read-back of that state before and after the write shows it, and the traffic rules judge messages, not a model of the data',
  rolesAndPrivacy:
    'it depends on the roles of accounts and the privacy of projects, which the traffic does not tell',
  codeDependsOnState:
    'which code the call deserves depends on the state behind it (an unknown project or group, a non-member, a field that does not exist), which the traffic does not show',
  refusalOfAllowed:
    'the server refuses or fails a request the spec allows: the traffic shows an error answer, which the rules never judge a failure on their own (bad input and invalid credentials rightly get one)',
  sessionFromElsewhere:
    "a session key the traffic never saw handed out may have been handed out outside it (another client's login): the monitor cannot prove that one differing from a seen key in letter case, by one character or by whitespace is no session",
  tokenFromElsewhere:
    'a token the traffic never saw issued may have been issued outside it (another client, an earlier login): the monitor cannot prove that one differing from an issued token in letter case or by one character is no token',
  representationsUnjudged:
    'no traffic rule judges the representations of projects and trackers yet',
  ugroupsUnknown:
    'which user groups exist, and in which project, is a state of the platform the traffic does not tell: a true answer for a group of another project, or of none, reads as a correct answer for a group of this one',
  wrongPasswordAfterRight:
    "which password is an account's is not in the traffic: a success with a wrong password right after one with the right password cannot be told from two right passwords (one changed in between)",
  passwordWithSpaces:
    "which password is an account's is not in the traffic: a success with the right password with spaces around it cannot be told from a success with a password that has them",
} as const;
