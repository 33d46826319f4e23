"""The classroom: rooms a class joins from their phones, a live quiz the engine marks, and the
teacher's report. Built on the Learn path (`whot_core.learn`) and kept in a store
(`store.RoomStore`; SQLite by default, `backends.open_store`). Only the app's pages use it."""
