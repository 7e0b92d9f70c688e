let s = #"raw \#(x)"#
let m = """
  a \(b("\(c)"))
  """
Tab(String(localized: "A"), systemImage: "a", value: 1) { V(route: R()) }
