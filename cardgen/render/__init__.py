"""Drawing: each module draws one kind of component onto a ReportLab canvas."""
