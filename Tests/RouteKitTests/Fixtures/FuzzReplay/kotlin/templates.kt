val s = "${"${x}"}"
val r = """raw ${ "x" }""""
val c = '\u0041' /* /* */ */
`odd name`(A("1", null))
